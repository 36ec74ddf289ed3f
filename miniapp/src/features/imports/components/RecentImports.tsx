import type { ImportsResponse } from '../model.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/** This project's latest imports (not previews), each opening its own page with its report. */
export function RecentImports({ projectKey, imports }: { projectKey: string; imports: ImportsResponse['imports'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const runs = imports.filter((i) => i.status !== 'dry_run');
  return (
    <section className="imp-recent" aria-labelledby="imp-recent">
      <h2 id="imp-recent">{t('imports.recent')}</h2>
      {runs.length === 0 ? (
        <p className="hint">{t('imports.none')}</p>
      ) : (
        <ul className="rows" data-testid="import-recent">
          {runs.map((i) => (
            <li key={i.id} className="row">
              <Link href={href('projectImportRun', { id: projectKey, importId: i.id })} className="row__grow">
                {i.fileName || `#${i.id}`}
              </Link>
              <span>{t(`imports.status.${i.status}`)}</span>
              <time dateTime={i.createdAt}>{formatDateTime(i.createdAt, locale)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
