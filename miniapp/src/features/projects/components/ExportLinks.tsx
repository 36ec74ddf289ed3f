// The project's export files (issue 17): plain links, so the browser streams the download itself and
// the session cookie (or any other credential the browser holds) goes with it.
import { buildPath } from '@tracker/shared/api/contract/endpoint';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon.tsx';

export function ExportLinks({ projectKey }: { projectKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="export-hint">{t('projects.export.hint')}</p>
      <p className="export-links">
        <a href={buildPath('/api/projects/:ref/export.csv', { ref: projectKey })} download data-testid="export-csv">
          <Icon name="lucide:file-spreadsheet" size={18} /> {t('projects.export.csv')}
        </a>
        <a href={buildPath('/api/projects/:ref/export.json', { ref: projectKey })} download data-testid="export-json">
          <Icon name="lucide:file-json" size={18} /> {t('projects.export.json')}
        </a>
      </p>
    </>
  );
}
