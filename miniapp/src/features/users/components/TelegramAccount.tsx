// /user/profile section: the Telegram account linked to this one, with Disconnect, or the way to
// connect one (the one-time bot link page, which also serves the Login Widget's users).
import { telegram } from '@tracker/shared/api/contract/session';
import type { TelegramAccount as Account } from '@tracker/shared/api/telegram';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { messageOf } from '../api.ts';

const nameOf = (a: Account) => [a.first_name, a.last_name].filter(Boolean).join(' ') + (a.username ? ` (@${a.username})` : '');

/** `onChange`: the link was removed (sections that depend on it reload). */
export function TelegramAccount({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation();
  const href = useHref();
  // undefined: loading; null: none linked.
  const [account, setAccount] = useState<Account | null | undefined>(undefined);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    api(telegram.account).then((r) => setAccount(r.account), () => setAccount(undefined));
  }, []);
  if (account === undefined) return null;

  async function disconnect(linked: Account) {
    const ok = await confirmAction({ title: t('account.telegram.disconnectTitle'), message: t('account.telegram.disconnectText', { name: nameOf(linked) }), confirmText: t('account.telegram.disconnect'), destructive: true });
    if (!ok) return;
    setPending(true);
    try {
      await api(telegram.disconnect);
      setAccount(null);
      toast({ title: t('account.telegram.disconnected'), color: 'success' });
      onChange();
    } catch (err) {
      toast({ title: t('account.telegram.disconnectFailed'), description: messageOf(err, ''), color: 'error' });
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
