// The client store and sync engine: one normalised valtio store per signed-in user, read from
// IndexedDB at start, brought up to date by a bootstrap or the change feed, then kept live by one
// stream per tab; edits go through its outbox (optimistic, queued offline, sent in order). Screens
// start it with `startSync(userId)` and read it through the hooks (or `syncState()`).
export { createSyncState, memberKey, type SyncData, type SyncState, type SyncStatusName } from './model.ts';
export { addSeenIssues, applyBootstrap, applyChanges, applyProjectBootstrap, removeProject } from './apply.ts';
export { calendarIssues, holdsAll, issueById, queryIssues, toIssueQuery, type CalendarFilter, type IssueQuery, type IssueSort } from './query.ts';
export { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './engine.ts';
export { editIssue, writeIssueNow, writeStoreRows, moveIssueOptimistic, preloadSync, startSync, whenStoreRead, stopSync, setAsideSync, signOutSync, syncEngine, syncState } from './session.ts';
export type { EditResult, OutboxHandlers } from './outbox.ts';
export type { OutboxEntry } from './outbox-model.ts';
export { useIssue, useIssueIds, usePendingIssues, useStoreCalendar, useStoreList, useSyncLoading, useSyncPending, useSyncStore, type StoreList } from './hooks.ts';
export { searchStore, storeCycles, storeMilestones, storeMembers, storeStreams, storeCustomFields, storeProjects, storeUsers, storeViews, usePlanOptions, useStoreReference } from './reference.ts';
export { useListProject, useProjectDetails, type ListProject, type ProjectMap } from './use-projects.ts';
export { temporaryId, type RowPatch, type RowWrite } from './write-rows.ts';
export { storeProject } from './projects.ts';
