// Tabs of one user: each holds its own stream (no leader to elect, nothing lost when one tab
// closes), and each batch a tab applies is posted to the others, which apply it when it starts at or
// before their own position (else their own stream brings it). A sign-out in one tab wipes them all.
import type { SyncChange } from '@tracker/shared/api/sync';
import { SCHEMA_VERSION } from './store-db.ts';

/** Batches carry the store's SCHEMA_VERSION: a tab of another build may speak another shape. */
export type TabMessage = { type: 'changes'; version: number; from: number; to: number; changes: SyncChange[] } | { type: 'wipe' };

/** A message this build can read; anything else (another build's, or not ours) is null. */
function readable(data: unknown): TabMessage | null {
  const m = data as Partial<Extract<TabMessage, { type: 'changes' }>> | { type?: unknown } | null;
  if (m?.type === 'wipe') return { type: 'wipe' };
  if (m?.type !== 'changes' || !('version' in m) || m.version !== SCHEMA_VERSION) return null;
  return Number.isSafeInteger(m.from) && Number.isSafeInteger(m.to) && Array.isArray(m.changes) ? (m as TabMessage) : null;
}

/** A batch from another tab is applied only when it carries on from our position without a gap. */
export function continues(syncId: number | null, m: { from: number; to: number }): boolean {
  return syncId !== null && m.from <= syncId && m.to > syncId;
}

export interface Tabs {
  post(message: TabMessage): void;
  close(): void;
}

export function openTabs(
  userId: number,
  on: { onChanges(m: Extract<TabMessage, { type: 'changes' }>): void; onWipe(): void },
): Tabs | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(`tracker-sync-${userId}`);
  channel.onmessage = (e: MessageEvent) => {
    const m = readable(e.data);
    if (!m) return;
    if (m.type === 'wipe') on.onWipe();
    else on.onChanges(m);
  };
  return {
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        // Unclonable or closed: the other tabs' own streams bring the same changes.
      }
    },
    close: () => channel.close(),
  };
}

export type { SyncChange };
