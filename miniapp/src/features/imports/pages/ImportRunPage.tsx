// /projects/:id/import/:importId: one import's progress (polled while it runs) and its report; the
// page can be left and opened again, the import goes on in the background.
import type { ImportDto } from '@tracker/shared/api/imports';
import { matchRoute } from '@tracker/shared/routes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { errorText } from '../../../lib/error-text.ts';
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
  const [item, setItem] = useState<ImportDto | null>(null);
  const [error, setError] = useState<string | undefined>();

  const valid = /^\d{1,10}$/.test(importId);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const { import: next } = await importsApi.get(importId);
        if (!live) return;
        setItem(next);
        setError(undefined);
        if (next.status === 'queued' || next.status === 'running') timer = setTimeout(() => void poll(), POLL_MS);
      } catch (err) {
        if (!live) return;
        setError(errorText(err, t));
        timer = setTimeout(() => void poll(), POLL_MS * 5);
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // t changes with the language only; polling restarts with the import.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [importId, valid]);

  return (
    <Page name="projectImportRun" className="imports">
      <p className="imp-links">
        <Link href={href('project', { id: projectRef })}>{t('imports.back', { key: projectRef })}</Link>
        <Link href={href('projectImport', { id: projectRef })} data-testid="import-new">
          {t('imports.newImport')}
        </Link>
      </p>
      <FormAlert message={valid ? (error ?? null) : t('errors.notFound.import')} />
      {item ? <ImportStatusView item={item} /> : valid && !error && <Loading />}
    </Page>
  );
}
