// The project's export files (issue 17): plain links, so the browser streams the download itself and
// the session cookie (or any other credential the browser holds) goes with it; inside Telegram the
// client downloads them by a signed address (components/DownloadLink.tsx).
import { buildPath } from '@tracker/shared/api/contract/endpoint';
import { exportFileName } from '@tracker/shared/api/values/downloads';
import { useTranslation } from 'react-i18next';
import { DownloadLink } from '../../../components/DownloadLink.tsx';
import { Icon } from '../../../components/Icon.tsx';

export function ExportLinks({ projectKey }: { projectKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="export-hint">{t('projects.export.hint')}</p>
      <p className="export-links">
        <DownloadLink href={buildPath('/api/projects/:ref/export.csv', { ref: projectKey })} fileName={exportFileName(projectKey, 'csv')} testId="export-csv">
          <Icon name="lucide:file-spreadsheet" size={18} /> {t('projects.export.csv')}
        </DownloadLink>
        <DownloadLink href={buildPath('/api/projects/:ref/export.json', { ref: projectKey })} fileName={exportFileName(projectKey, 'json')} testId="export-json">
          <Icon name="lucide:file-json" size={18} /> {t('projects.export.json')}
        </DownloadLink>
      </p>
    </>
  );
}
