import type { LinkStatus, TelegramAccount } from '@tracker/shared/api/telegram';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useServerAction } from '../../../lib/use-server-form.ts';
import { platform } from '../../../platform/index.ts';
import { auth } from '../state.ts';
import { PhoneByContact, telegramApi } from '../../telegram/index.ts';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';

const STATUS_POLL_MS = 2000;

/** Links Telegram to an e-mail account through a one-time `t.me/<bot>?start=link_<token>` link and shows what the bot did. */
export default function TelegramUsernameConfirmPage() {
  const { t } = useTranslation();
  const { user, hydrated } = useSnapshot(auth.state);
  const { tg } = useSnapshot(platform);
  const search = useSearch();
  const [account, setAccount] = useState<TelegramAccount | null | undefined>(undefined);
  const [link, setLink] = useState<{ url: string; token: string } | null>(null);
  const [token, setToken] = useState<string | null>(() => new URLSearchParams(search).get('token'));
  const [status, setStatus] = useState<{ status: LinkStatus; username: string | null } | null>(null);
  const linking = useServerAction((err) => (err instanceof ApiError && err.status !== 503 ? err.statusMessage : t('telegram.notConfigured')));
  const { pending, error } = linking;

  useEffect(() => {
    if (user) telegramApi.account().then((r) => setAccount(r.account), () => setAccount(null));
  }, [user]);

  useEffect(() => {
    if (!user || !token) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const check = () =>
      telegramApi.linkStatus(token).then(
        (s) => {
          if (!live) return;
          setStatus(s);
          if (s.status === 'pending') timer = setTimeout(check, STATUS_POLL_MS);
          else haptic(s.status === 'confirmed' ? 'success' : 'error');
        },
        () => live && setStatus({ status: 'expired', username: null }),
      );
    void check();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [user, token]);

  const getLink = () =>
    linking.run(async () => {
      const created = await telegramApi.createLink();
      setLink(created);
      setToken(created.token);
      setStatus(null);
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
