import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Page root: the e2e hook `page-<route name>` and the page's one <h1> (its translated title). */
export function Page({ name, title, children, className }: { name: string; title?: string; children?: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <section data-testid={`page-${name}`} className={['page', className].filter(Boolean).join(' ')} aria-labelledby={`page-title-${name}`}>
      <h1 id={`page-title-${name}`}>{title ?? t(`titles.${name}`)}</h1>
      {children}
    </section>
  );
}
