// The client store and sync engine (issue 14; docs/architecture.md, "The client store and sync
// engine"). Screens start it with `startSync(userId)` and read it through the hooks (or `syncState()`).
export { createSyncState, memberKey, type SyncData, type SyncState, type SyncStatusName } from './model.ts';
export { addSeenIssues, applyBootstrap, applyChanges, applyProjectBootstrap, removeProject } from './apply.ts';
export { calendarIssues, holdsAll, issueById, queryIssues, toIssueQuery, type CalendarFilter, type IssueQuery, type IssueSort } from './query.ts';
export { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './engine.ts';
export { editIssue, moveIssueOptimistic, preloadSync, startSync, whenStoreRead, stopSync, setAsideSync, signOutSync, syncEngine, syncState } from './session.ts';
export type { EditResult, OutboxHandlers } from './outbox.ts';
export type { OutboxEntry } from './outbox-model.ts';
export { useIssue, useIssueIds, useStoreCalendar, useStoreList, useSyncLoading, useSyncPending, useSyncStore, type StoreList } from './hooks.ts';
export { searchStore, storeStreams, storeCustomFields, storeProjects, storeUsers, storeViews, useStoreReference } from './reference.ts';
