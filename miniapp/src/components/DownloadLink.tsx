// A link to a file the server answers (an export, the backup): a plain `download` link, which inside
// Telegram hands a signed address to the client instead (lib/file-download.ts).
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, downloadsThroughTelegram } from '../lib/file-download.ts';
import { errorText } from '../lib/error-text.ts';
import { toast } from '../lib/toasts.ts';

export function DownloadLink({ href, fileName, className, testId, children }: { href: string; fileName: string; className?: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!downloadsThroughTelegram()) return;
    e.preventDefault();
    downloadFile(href, fileName).catch((err: unknown) =>
      toast({ title: t('common.downloadFailed'), description: errorText(err, t), color: 'error' }),
    );
  };
  return (
    <a href={href} download={fileName} className={className} data-testid={testId} onClick={onClick}>
      {children}
    </a>
  );
}
