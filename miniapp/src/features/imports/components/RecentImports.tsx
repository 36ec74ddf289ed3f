import type { ImportsResponse } from '../model.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref } from '../../../lib/use-locale.ts';

/** This project's latest imports (not previews), each opening its own page with its report. */
export function RecentImports({ projectKey, imports }: { projectKey: string; imports: ImportsResponse['imports'] }) {
  const { t, i18n } = useTranslation();
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
              <time dateTime={i.createdAt}>{new Date(i.createdAt).toLocaleString(i18n.language)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
