import { errorTitle } from '@tracker/shared/head';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/Loading.tsx';
import { useFailureTexts } from '../lib/i18n.ts';
import { Link } from 'wouter';
import { buttonClass } from '../components/Button.tsx';
import { useHref } from '../lib/use-locale.ts';
import { useHead } from './use-head.ts';

type ErrorPageProps = { status?: number; path?: string; message?: string };

/**
 * Spec §2: 404 shows the 'Page Not Found' variant (with the unknown `path`: 'Page Not Found: {path}'),
 * any other status 'Internal Server Error'; the Russian pages say the same in Russian. Their words
 * are failure texts, which load after the first render (lib/i18n.ts).
 */
export function ErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={<Loading page />}>
      <ErrorPageBody {...props} />
    </Suspense>
  );
}

export function ForbiddenPage() {
  return (
    <Suspense fallback={<Loading page />}>
      <ForbiddenPageBody />
    </Suspense>
  );
}

function ErrorPageBody({ status = 500, path, message }: ErrorPageProps) {
  useFailureTexts();
  const { t } = useTranslation();
  const href = useHref();
  const notFound = status === 404;
  const heading = notFound ? t('errors.notFoundTitle') : t('errors.serverErrorTitle');
  useHead(errorTitle(status, heading), false);
  return (
    <section className="error-page" data-testid="error-page" data-status={status} aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{heading}</h1>
      {notFound && (message !== undefined || path !== undefined) && (
        <p className="error-page__message" data-testid="error-message">
          {message ?? t('errors.notFoundMessage', { path })}
        </p>
      )}
      <p>{notFound ? t('errors.notFoundText') : t('errors.serverErrorText')}</p>
      <Link href={href('home')} className={buttonClass({ variant: 'primary' })}>
        {t('errors.goHome')}
      </Link>
    </section>
  );
}

function ForbiddenPageBody() {
  useFailureTexts();
  const { t } = useTranslation();
  const href = useHref();
  useHead(errorTitle(403, t('errors.forbiddenTitle')), false);
  return (
    <section className="error-page" data-testid="forbidden-page" data-status={403} aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">
        403
      </p>
      <h1 id="error-title">{t('errors.forbiddenTitle')}</h1>
      <p>{t('errors.forbiddenText')}</p>
      <Link href={href('home')} className={buttonClass({ variant: 'primary' })}>
        {t('errors.goHome')}
      </Link>
    </section>
  );
}
