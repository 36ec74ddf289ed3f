// One import as it runs and once it ends: a progress bar (the page polls), then the report.
import type { ImportDto } from '@tracker/shared/api/imports';
import { useTranslation } from 'react-i18next';
import { Meter } from '../../../components/ProjectBadge.tsx';
import { SkipList } from './SkipList.tsx';

export function ImportStatusView({ item }: { item: ImportDto }) {
  const { t } = useTranslation();
  const { done, total } = item.progress;
  const percent = item.status === 'succeeded' ? 100 : total ? Math.floor((done / total) * 100) : 0;
  const report = item.report;
  return (
    <section className="imp-status" data-testid="import-status" data-status={item.status}>
      <p>
        <strong>{item.fileName}</strong> · <span data-testid="import-status-text">{t(`imports.status.${item.status}`)}</span>
      </p>
      {(item.status === 'queued' || item.status === 'running') && (
        <>
          <Meter percent={percent} label={t(`imports.status.${item.status}`)} testId="import-progress" />
          <p aria-live="polite">{t('imports.progress', { done, total })}</p>
        </>
      )}
      {report && (
        <div className="imp-report" data-testid="import-report">
          <h2>{t('imports.report.title')}</h2>
          {report.error && <p className="form-alert" role="alert">{report.error}</p>}
          <ul className="imp-counts">
            <li data-testid="import-report-created">{t('imports.report.created', { count: report.created })}</li>
            <li data-testid="import-report-updated">{t('imports.report.updated', { count: report.updated })}</li>
            <li data-testid="import-report-skipped">{t('imports.report.skipped', { count: report.skipped.length })}</li>
            {report.unmatchedUsers.length > 0 && <li>{t('imports.report.unmatched', { names: report.unmatchedUsers.join(', ') })}</li>}
            {report.createdStatuses.length > 0 && <li>{t('imports.report.createdStatuses', { names: report.createdStatuses.join(', ') })}</li>}
            {report.createdLabels.length > 0 && <li>{t('imports.report.createdLabels', { names: report.createdLabels.join(', ') })}</li>}
          </ul>
          <SkipList items={report.skipped} title={t('imports.report.skipped', { count: report.skipped.length })} testId="import-report-skips" />
          <SkipList items={report.notes} title={t('imports.report.notes')} testId="import-report-notes" />
        </div>
      )}
    </section>
  );
}
