// The engine's HTTP reads, through the app's one client (lib/http.ts: session header, retries):
// a bootstrap with all its issue pages, one project's bootstrap, a page of changes. Answers are
// trusted by their declared types (api/contract/sync.ts), as every answer is (lib/api-client.ts):
// the server is checked against the same schemas in the e2e run, and a 2,000-issue bootstrap is not
// parsed again on every phone (issue 27, the light start).
import type { ResponseOf } from '@tracker/shared/api/contract/endpoint';
import { sync } from '@tracker/shared/api/contract/sync';
import { SYNC_CHANGES_MAX } from '@tracker/shared/api/values/sync';
import { refusalOf, type Http } from '../lib/http.ts';
import { addIssues, applyBootstrap, applyBootstrapReference, applyProjectBootstrap } from './apply.ts';
import type { SyncState } from './model.ts';
import type { createWriter } from './writer.ts';

export function syncReads(http: Pick<Http, 'get'>, state: SyncState, writer: ReturnType<typeof createWriter>) {
  const { dirty } = writer;
  async function loadPages(first: { nextBefore: number | null }, project?: number) {
    for (let before = first.nextBefore; before !== null; ) {
      const page = await http.get<ResponseOf<typeof sync.issues>>(sync.issues.path, { query: { before, project } });
      addIssues(state, page.issues, dirty);
      before = page.nextBefore;
    }
  }

  return {
    /**
     * Everything the user may see; the first page shows before the others arrive. Asked at once: the
     * network's wait (a slow connection's seconds) passes while the page paints. The small tables
     * show as soon as they come (a list's statuses and labels); the issues, the large work, wait for
     * `ready` (the browser idle, the screen's own first answer painted).
     */
    bootstrap: (ready: Promise<void> = Promise.resolve()) =>
      writer.holding(async () => {
        state.status = 'bootstrapping';
        const b = await http.get<ResponseOf<typeof sync.bootstrap>>(sync.bootstrap.path);
        if (state.syncId === null) applyBootstrapReference(state, b);
        await ready;
        applyBootstrap(state, b, dirty);
        await loadPages(b);
      }),

    /** One project's contents: just gained, or evicted and wanted again. */
    loadProject: (id: number) =>
      writer.holding(async () => {
        try {
          const b = await http.get<ResponseOf<typeof sync.bootstrap>>(sync.bootstrap.path, { query: { project: id } });
          applyProjectBootstrap(state, id, b, dirty);
          await loadPages(b, id);
        } catch (err) {
          // Gone again before we asked: the feed says so next.
          if (refusalOf(err)?.status !== 404) throw err;
        }
      }),

    changesAfter: (since: number) => http.get<ResponseOf<typeof sync.changes>>(sync.changes.path, { query: { since, limit: SYNC_CHANGES_MAX } }),
  };
}
