import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from './store-db.ts';
import { openTabs, type Tabs } from './tabs.ts';

const opened: Tabs[] = [];
afterEach(() => opened.splice(0).forEach((t) => t.close()));

/** Two tabs of one user, the second recording what it is told. */
function twoTabs() {
  const heard: string[] = [];
  const sender = openTabs(7, { onChanges: () => undefined, onWipe: () => undefined })!;
  const receiver = openTabs(7, { onChanges: (m) => heard.push(`changes ${m.from}-${m.to}`), onWipe: () => heard.push('wipe') })!;
  opened.push(sender, receiver);
  return { sender, heard, raw: new BroadcastChannel('tracker-sync-7') };
}

describe('tabs of one user', () => {
  it('pass batches of this build and wipes; a batch of another store version, or noise, is ignored', async () => {
    const { sender, heard, raw } = twoTabs();
    raw.postMessage({ type: 'changes', version: SCHEMA_VERSION - 1, from: 1, to: 2, changes: [] });
    raw.postMessage({ type: 'changes', from: 1, to: 2, changes: [] });
    raw.postMessage({ type: 'changes', version: SCHEMA_VERSION, from: 'x', to: 2, changes: [] });
    raw.postMessage('hello');
    sender.post({ type: 'changes', version: SCHEMA_VERSION, from: 3, to: 4, changes: [] });
    sender.post({ type: 'wipe' });
    await expect.poll(() => heard).toEqual(['changes 3-4', 'wipe']);
    raw.close();
  });
});
