// Notices the Telegram session step leaves for the shell, shown in the user's language.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { telegramSession } from '../../features/telegram/index.ts';
import { toast } from '../../lib/toasts.ts';
import { useLocale } from '../../lib/use-locale.ts';

export function ShellNotices() {
  const { t } = useTranslation();
  // The path's language: the session step may just have switched it to the account's.
  const locale = useLocale();
  const { unknownStartParam } = useSnapshot(telegramSession);
  useEffect(() => {
    if (!unknownStartParam) return;
    telegramSession.unknownStartParam = false;
    toast({ title: t('common.shell.unknownLink', { lng: locale }), color: 'info' });
  }, [unknownStartParam, t, locale]);
  return null;
}
