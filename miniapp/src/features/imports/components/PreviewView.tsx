// The dry run: what the import would do (counts, new statuses and labels, skipped rows) and the
// first mapped rows as a table that scrolls sideways on a narrow screen.
import type { ImportPreview } from '@tracker/shared/api/imports';
import { useTranslation } from 'react-i18next';
import { SkipList } from './SkipList.tsx';

export function PreviewView({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  return (
    <section className="imp-preview" data-testid="import-preview" aria-live="polite">
      <ul className="imp-counts">
        <li data-testid="import-would-create">{t('imports.counts.create', { count: preview.wouldCreate })}</li>
        <li data-testid="import-would-update">{t('imports.counts.update', { count: preview.wouldUpdate })}</li>
        <li data-testid="import-would-skip">{t('imports.counts.skip', { count: preview.skipped.length })}</li>
        {preview.newStatuses.length > 0 && <li>{t('imports.counts.newStatuses', { names: preview.newStatuses.map((s) => s.name).join(', ') })}</li>}
        {preview.newLabels.length > 0 && <li>{t('imports.counts.newLabels', { names: preview.newLabels.join(', ') })}</li>}
      </ul>
      <SkipList items={preview.skipped} title={t('imports.counts.skip', { count: preview.skipped.length })} testId="import-preview-skipped" />
      <SkipList items={preview.notes} title={t('imports.report.notes')} testId="import-preview-notes" />
      {preview.rows.length > 0 && (
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        <div className="imp-table-wrap" tabIndex={0} role="region" aria-label={t('imports.table.caption', { count: preview.rows.length })}>
          <table className="imp-table" data-testid="import-preview-table">
            <caption>{t('imports.table.caption', { count: preview.rows.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('imports.table.row')}</th>
                <th scope="col">{t('imports.targets.title')}</th>
                <th scope="col">{t('imports.targets.status')}</th>
                <th scope="col">{t('imports.targets.assignee')}</th>
                <th scope="col">{t('imports.targets.labels')}</th>
                <th scope="col">{t('imports.targets.dueDate')}</th>
                <th scope="col">{t('imports.table.action')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((r) => (
                <tr key={r.row}>
                  <td>{r.row}</td>
                  <td>{r.title}</td>
                  <td>{r.status ?? ''}</td>
                  <td>{r.assignee ?? ''}</td>
                  <td>{r.labels.join(', ')}</td>
                  <td>{r.dueDate ?? ''}</td>
                  <td>{t(`imports.table.${r.action}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
