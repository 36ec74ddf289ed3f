import { useTranslation } from 'react-i18next';

/** `page`: a page's code still loading; it holds a screen's height, so the footer below does not show and then jump away. */
export function Loading({ page = false }: { page?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={page ? 'loading loading--page' : 'loading'} role="status" aria-live="polite">
      <span className="loading__dot" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
