import type { TelegramAccount } from '@tracker/shared/api/telegram';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { useServerAction } from '../../../lib/use-server-action.ts';
import { platform } from '../../../platform/index.ts';
import { auth } from '../../../lib/auth.ts';
import { telegramApi } from '../../../lib/api/telegram.ts';
import { PhoneByContact } from '../telegram/PhoneByContact.tsx';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';

const STATUS_POLL_MS = 2000;

/** Links Telegram to an e-mail account through a one-time `t.me/<bot>?start=link_<token>` link and shows what the bot did. */
export default function TelegramUsernameConfirmPage() {
  const { t } = useTranslation();
  const { user, hydrated } = useSnapshot(auth.state);
  const { tg } = useSnapshot(platform);
  const search = useSearch();
  // Asked on each visit: the link is made in Telegram, outside this app. A refusal reads as none linked.
  const linked = useQuery(user ? ['telegram', 'account'] : null, () => telegramApi.account(), { freshMs: 0 });
  const account: TelegramAccount | null | undefined = linked.error && !linked.data ? null : linked.data?.account;
  const [link, setLink] = useState<{ url: string; token: string } | null>(null);
  const [token, setToken] = useState<string | null>(() => new URLSearchParams(search).get('token'));
  const linking = useServerAction({ codes: { unavailable: 'telegram.notConfigured' } });
  const { pending, error } = linking;

  // The bot reports what it did with the link: asked again while it waits; a refusal reads as expired.
  const checked = useQuery(user && token ? ['telegram', 'linkStatus', token] : null, () => telegramApi.linkStatus(token!), { freshMs: 0 });
  const status = checked.error ? { status: 'expired' as const, username: null } : (checked.data ?? null);
  const { refetch: checkAgain } = checked;
  const waiting = status?.status === 'pending';
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void checkAgain(), STATUS_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, checked.data, checkAgain]);
  const outcome = status && !waiting ? status.status : null;
  useEffect(() => {
    if (!outcome) return;
    haptic(outcome === 'confirmed' ? 'success' : 'error');
    if (outcome !== 'confirmed') return;
    invalidateQueries(['telegram', 'account']);
    // The profile's notification settings say whether Telegram is linked.
    invalidateQueries(['users', 'notificationSettings']);
  }, [outcome]);

  const getLink = () =>
    linking.run(async () => {
      const created = await telegramApi.createLink();
      setLink(created);
      setToken(created.token);
    });

  const open = () => link && (tg ? tg.openLink(link.url) : window.open(link.url, '_blank', 'noopener'));
  const confirmed = status?.status === 'confirmed';
  useMainButton(user && !account && !confirmed ? { text: link ? t('telegram.openBot') : t('telegram.getLink'), loading: pending } : null, () => (link ? open() : void getLink()));

  if (hydrated && !user) {
    return (
      <Page name="telegramUsernameConfirm">
        <p>{t('telegram.signInFirst')}</p>
      </Page>
    );
  }
  const username = (s: string | null | undefined) => (s ? `@${s}` : '');
  return (
    <Page name="telegramUsernameConfirm" className="telegram-confirm">
      {account && <p data-testid="telegram-linked">{t('telegram.linked', { username: username(account.username) || account.first_name })}</p>}
      {!account && status && status.status !== 'pending' && (
        <p data-testid="telegram-link-status" role="status">
          {confirmed ? t('telegram.linked', { username: username(status.username) }) : t(`telegram.${status.status}`)}
        </p>
      )}
      {account === null && !confirmed && (
        <>
          <p className="muted">{t('telegram.linkIntro')}</p>
          <FormAlert message={error} />
          {link ? (
            <p>
              <a href={link.url} target="_blank" rel="noopener noreferrer" data-testid="telegram-link" onClick={(e) => (tg ? (e.preventDefault(), open()) : undefined)}>
                {t('telegram.openBot')}
              </a>
              {status?.status === 'pending' && <span className="muted"> {t('telegram.waiting')}</span>}
            </p>
          ) : (
            <Button variant="primary" size="large" onClick={() => void getLink()} loading={pending}>
              {t('telegram.getLink')}
            </Button>
          )}
        </>
      )}
      {(account || confirmed) && <PhoneByContact />}
    </Page>
  );
}
