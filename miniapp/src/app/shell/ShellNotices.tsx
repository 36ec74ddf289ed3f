// Notices the Telegram session step leaves for the shell, shown in the user's language.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { telegramSession } from '../../features/telegram/index.ts';
import { toast } from '../../lib/toasts.ts';

export function ShellNotices() {
  const { t } = useTranslation();
  const { unknownStartParam } = useSnapshot(telegramSession);
  useEffect(() => {
    if (!unknownStartParam) return;
    telegramSession.unknownStartParam = false;
    toast({ title: t('common.shell.unknownLink'), color: 'info' });
  }, [unknownStartParam, t]);
  return null;
}
