import { errorTitle } from '@tracker/shared/head';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref } from '../lib/use-locale.ts';
import { useHead } from './use-head.ts';

const SPEC_MESSAGE = /^(Page Not Found|Page not found|Internal Server Error)\b/;

export const notFoundMessage = (path: string) => `Page Not Found: ${path}`;

/** Spec §2: 404 shows the 'Page Not Found' variant, any other status 'Internal Server Error'. */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
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
      {message && (
        // The spec's own message (`Page Not Found: /path`) stays word for word; marked English for screen readers.
        <p className="error-page__message" data-testid="error-message" lang={SPEC_MESSAGE.test(message) ? 'en' : undefined}>
          {message}
        </p>
      )}
      <p>{notFound ? t('errors.notFoundText') : t('errors.serverErrorText')}</p>
      <Link href={href('home')} className="btn btn--primary">
        {t('errors.goHome')}
      </Link>
    </section>
  );
}

export function ForbiddenPage() {
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
      <Link href={href('home')} className="btn btn--primary">
        {t('errors.goHome')}
      </Link>
    </section>
  );
}
