import { useEffect } from 'react';
import { applyHead, headLinks } from '../lib/head.ts';
import { useLocale } from '../lib/use-locale.ts';
import { useLocation, useSearch } from 'wouter';

/** Sets title, <html lang>, canonical and hreflang links; error pages get no canonical. */
export function useHead(title: string, indexable: boolean) {
  const locale = useLocale();
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => {
    applyHead(document, {
      title,
      locale,
      links: indexable ? headLinks(window.location.origin, location, search ? `?${search}` : '') : null,
    });
  }, [title, locale, location, search, indexable]);
}
