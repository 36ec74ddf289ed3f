// Runs a palette action: an issue edit through the store's outbox (optimistic, rolled back and
// toasted on refusal), or through the API when the store is not running.
import { openCreateIssue } from '../../lib/create-issue.ts';
import { colorMode } from '../../lib/color-mode.ts';
import { log } from '../../lib/logger.ts';
import { toast } from '../../lib/toasts.ts';
import { issueApi } from '../../lib/api/issue-detail.ts';
import { editIssue, writeIssueNow } from '../../store/index.ts';
import type { PaletteAction } from './actions.ts';

export function runAction(action: PaletteAction, navigate: (path: string) => void): void {
  switch (action.kind) {
    case 'patch': {
      const queued = editIssue(action.issueId, action.body, action.optimistic) ?? writeIssueNow(() => issueApi.update(action.issueId, action.body));
      void Promise.resolve(queued).catch((err: unknown) => log.warn('palette edit failed', err));
      return;
    }
    case 'copy':
      void navigator.clipboard.writeText(action.text).then(
        () => toast({ title: action.done, color: 'success' }),
        (err: unknown) => log.warn('clipboard refused', err),
      );
      return;
    case 'navigate':
      navigate(action.path);
      return;
    case 'create':
      openCreateIssue({});
      return;
    case 'theme':
      colorMode.setPreference(action.preference);
  }
}
