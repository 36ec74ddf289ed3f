// Telegram's Login Widget for the standalone web, in its redirect mode: Telegram sends the browser
// back to `data-auth-url` with the signed fields in the query (the callback mode would need
// 'unsafe-eval' in our CSP). The login page posts them to /api/auth/telegram/widget.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../../lib/config.ts';

export const WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';

export function TelegramLoginWidget({ authPath }: { authPath: string }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const bot = config.telegramBotUsername;

  useEffect(() => {
    const el = box.current;
    if (!bot || !el) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_SCRIPT;
    script.dataset.telegramLogin = bot;
    script.dataset.size = 'large';
    script.dataset.radius = '8';
    script.dataset.requestAccess = 'write';
    script.dataset.lang = i18n.language;
    script.dataset.authUrl = new URL(authPath, window.location.origin).toString();
    el.appendChild(script);
    return () => {
      el.replaceChildren();
    };
  }, [bot, authPath, i18n.language]);

  if (!bot) return null;
  return (
    <div className="telegram-login">
      <p className="muted">{t('telegram.orTelegram')}</p>
      <div ref={box} data-testid="telegram-login-widget" data-bot={bot} />
    </div>
  );
}
