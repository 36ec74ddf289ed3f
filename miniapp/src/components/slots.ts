// Sections a feature's page shows from another feature. Features import no feature: the page names
// the slot and its props here, and its route in app/routes/ passes the other feature's component.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { UserRef } from '@tracker/shared/api/common';
import type { Label } from '@tracker/shared/api/projects';
import type { User } from '@tracker/shared/api/users';

type Slot<P> = ComponentType<P> | LazyExoticComponent<ComponentType<P>>;

/** The issue list and board with a fixed filter (a project's or a stream's issues). */
export interface IssueViews {
  IssueList: Slot<{ query: Record<string, string>; group: 'status' | 'category' }>;
  IssueBoard: Slot<{ query: Record<string, string>; onChooseProject?: (key: string) => void }>;
}

/** The issue page's time tracking section. */
export type TimeSectionSlot = Slot<{ issue: { id: number; spentMinutes: number; can: readonly string[] }; onChanged: () => void }>;

/** The profile's phone confirmation, the account dialogs' own (a lazy chunk: render it inside Suspense). */
export type PhoneConfirmSlot = Slot<{ user: User; onClose: () => void }>;

/** The inbox's triage tab: the projects feature's triage list of the issues waiting for me. */
export type TriageListSlot = Slot<{ scope: { mine: true } }>;

/** The project page's plan: its current cycle and its milestones (the plan feature's). */
export type ProjectPlanSlot = Slot<{ projectId: number; projectKey: string; canPlan: boolean }>;

/** The project settings' sections of other features: issue templates and outgoing webhooks. */
export interface ProjectSettingsSlots {
  TemplatesEditor: Slot<{ projectId: number; labels: readonly Label[]; people: readonly UserRef[]; readOnly: boolean }>;
  WebhooksSection: Slot<{ projectId: number }>;
}

/** The issue list's filter bar: the insights page filters its charts with the list's own filters. */
export type FilterBarSlot = Slot<{ filters: Record<string, string>; onChange: (filters: Record<string, string>, options?: { replace?: boolean }) => void }>;
