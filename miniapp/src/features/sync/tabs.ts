// Tabs of one user: each holds its own stream (no leader to elect, nothing lost when one tab
// closes), and each batch a tab applies is posted to the others, which apply it when it starts at or
// before their own position (else their own stream brings it). A sign-out in one tab wipes them all.
import { syncChangeSchema, type SyncChange } from '@tracker/shared/api/sync';
import { z } from 'zod';

const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('changes'), from: z.number().int(), to: z.number().int(), changes: z.array(syncChangeSchema) }),
  z.object({ type: z.literal('wipe') }),
]);
export type TabMessage = z.infer<typeof messageSchema>;

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
    // Another build in another tab may speak differently: what does not parse is ignored.
    const m = messageSchema.safeParse(e.data);
    if (!m.success) return;
    if (m.data.type === 'wipe') on.onWipe();
    else on.onChanges(m.data);
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
