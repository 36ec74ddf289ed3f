import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const pageTitleId = (name: string) => `page-title-${name}`;

/**
 * Page root: the e2e hook `page-<route name>` and the page's one <h1> (its translated title). With
 * `ownHeading` the page places its own <h1 id={pageTitleId(name)}> (the issue page edits it in place).
 */
export function Page({ name, title, children, className, ownHeading }: { name: string; title?: string; children?: ReactNode; className?: string; ownHeading?: boolean }) {
  const { t } = useTranslation();
  return (
    <section data-testid={`page-${name}`} className={['page', className].filter(Boolean).join(' ')} aria-labelledby={pageTitleId(name)}>
      {!ownHeading && <h1 id={pageTitleId(name)}>{title ?? t(`titles.${name}`)}</h1>}
      {children}
    </section>
  );
}
