// "Share to chat" on the issue page inside Telegram (issue 26): the bot prepares the issue's card
// (with its Open button) and Telegram's own dialog sends it to any chat the person picks.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/Button.tsx';
import { issueApi } from '../../../lib/api/issue-detail.ts';
import { toast } from '../../../lib/toasts.ts';
import { platform } from '../../../platform/index.ts';
import { errorText } from '../../../lib/error-text.ts';

/** What shares the issue to a chat, or null where the client cannot (outside Telegram, before Bot API 8.0). */
export function useShareToChat(issueKey: string): { busy: boolean; share: () => Promise<void> } | null {
  const { t } = useTranslation();
  const { tg } = useSnapshot(platform);
  const [busy, setBusy] = useState(false);
  if (!tg?.canShareMessage()) return null;
  return {
    busy,
    share: async () => {
      setBusy(true);
      try {
        const { id } = await issueApi.share(issueKey);
        if ((await platform.tg!.shareMessage(id)) === 'sent') toast({ title: t('issues.detail.shared'), color: 'success' });
      } catch (err) {
        toast({ title: errorText(err, t), color: 'error' });
      } finally {
        setBusy(false);
      }
    },
  };
}

export function ShareToChat({ issueKey }: { issueKey: string }) {
  const { t } = useTranslation();
  const sharing = useShareToChat(issueKey);
  if (!sharing) return null;
  return (
    <Button size="small" disabled={sharing.busy} onClick={() => void sharing.share()} data-testid="issue-share">
      {t('issues.detail.share')}
    </Button>
  );
}
