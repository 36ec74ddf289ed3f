// Init data Telegram's signature did not confirm (expired, tampered, another bot): the user can
// only start again from the bot, so say that, with a button that opens it — never a sign-in form.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { config } from '../../lib/config.ts';
import { platform } from '../../platform/index.ts';

export function botLink(username: string | null): string {
  return username ? `https://t.me/${username}` : 'https://t.me';
}

export function ReopenScreen() {
  const { t } = useTranslation();
  const { tg } = useSnapshot(platform);
  return (
    <section className="reopen" data-testid="tg-reopen" aria-labelledby="reopen-title">
      <img src="/icons/icon.svg" alt="" width="72" height="72" />
      <h1 id="reopen-title">{t('common.shell.reopen.title')}</h1>
      <p>{t('common.shell.reopen.text')}</p>
      <Button variant="primary" size="large" stretched data-testid="tg-reopen-button" onClick={() => tg?.openLink(botLink(config.telegramBotUsername))}>
        {t('common.shell.reopen.button')}
      </Button>
    </section>
  );
}
