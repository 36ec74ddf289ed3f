// /user/profile section: the Telegram account linked to this one, with Disconnect, or the way to
// connect one (the one-time bot link page, which also serves the Login Widget's users).
import type { TelegramAccount as Account } from '@tracker/shared/api/telegram';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { accountApi } from '../../../lib/api/account.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { errorText } from '../../../lib/error-text.ts';

const nameOf = (a: Account) => [a.first_name, a.last_name].filter(Boolean).join(' ') + (a.username ? ` (@${a.username})` : '');

export function TelegramAccount() {
  const { t } = useTranslation();
  const href = useHref();
  // undefined: loading (or refused); null: none linked.
  // Asked on each visit: the link is made in Telegram, outside this app.
  const { data, setData } = useQuery(['telegram', 'account'], () => accountApi.telegramAccount(), { freshMs: 0 });
  const account: Account | null | undefined = data?.account;
  const [pending, setPending] = useState(false);
  if (account === undefined) return null;

  async function disconnect(linked: Account) {
    const ok = await confirmAction({ title: t('account.telegram.disconnectTitle'), message: t('account.telegram.disconnectText', { name: nameOf(linked) }), confirmText: t('account.telegram.disconnect'), destructive: true });
    if (!ok) return;
    setPending(true);
    try {
      await accountApi.disconnectTelegram();
      setData(() => ({ account: null }));
      toast({ title: t('account.telegram.disconnected'), color: 'success' });
      // The notification settings say whether Telegram is linked.
      invalidateQueries(['users', 'notificationSettings']);
    } catch (err) {
      toast({ title: t('account.telegram.disconnectFailed'), description: errorText(err, t), color: 'error' });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="form" data-testid="telegram-account" aria-busy={pending}>
      <h2>{t('account.telegram.title')}</h2>
      {account ? (
        <div className="inline-actions">
          <span data-testid="telegram-linked">{t('account.telegram.linked', { name: nameOf(account) })}</span>
          <Button size="small" variant="link" loading={pending} onClick={() => disconnect(account)} data-testid="disconnect-telegram">
            {t('account.telegram.disconnect')}
          </Button>
        </div>
      ) : (
        <p className="muted">
          {t('account.telegram.notLinked')}{' '}
          <Link href={href('telegramUsernameConfirm')} data-testid="connect-telegram">
            {t('notifications.connectTelegram')}
          </Link>
        </p>
      )}
    </section>
  );
}
