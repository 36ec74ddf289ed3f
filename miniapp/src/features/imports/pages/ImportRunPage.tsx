// /projects/:id/import/:importId: one import's progress (polled while it runs) and its report; the
// page can be left and opened again, the import goes on in the background.
import { matchRoute } from '@tracker/shared/routes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { FailureAlert, FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useQuery } from '../../../lib/query.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { importsApi } from '../api.ts';
import { ImportStatusView } from '../components/ImportStatusView.tsx';
import '../imports.css';

const POLL_MS = 1000;

export default function ImportRunPage() {
  const { t } = useTranslation();
  const href = useHref();
  const [location] = useLocation();
  const params = matchRoute(location)?.params ?? {};
  const projectRef = params.id ?? '';
  const importId = params.importId ?? '';
  const valid = /^\d{1,10}$/.test(importId);
  const run = useQuery(valid ? ['imports', 'run', importId] : null, () => importsApi.get(importId).then((r) => r.import), { freshMs: 0 });
  const item = run.data ?? null;
  const error = run.error ? errorText(run.error, t) : undefined;

  // Polled while it runs, and more slowly after a refusal (each answer sets the next poll).
  const { refetch } = run;
  const running = item?.status === 'queued' || item?.status === 'running';
  const delay = run.error ? POLL_MS * 5 : running ? POLL_MS : null;
  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [delay, run.data, run.error, refetch]);

  return (
    <Page name="projectImportRun" className="imports">
      <p className="imp-links">
        <Link href={href('project', { id: projectRef })}>{t('imports.back', { key: projectRef })}</Link>
        <Link href={href('projectImport', { id: projectRef })} data-testid="import-new">
          {t('imports.newImport')}
        </Link>
      </p>
      {valid ? <FormAlert message={error ?? null} /> : <FailureAlert textKey="errors.notFound.import" />}
      {item ? <ImportStatusView item={item} /> : valid && !error && <Loading />}
    </Page>
  );
}
