// Document head per page (spec §2): title, canonical link (whitelisted query, sorted, lower-cased
// path) and hreflang alternates for both languages plus x-default (the Russian, unprefixed page).
import { canonicalUrl } from '@tracker/shared/head';
import { LOCALES, LOCALE_TAGS, DEFAULT_LOCALE, type Locale } from '@tracker/shared/locales';
import { localizePath, splitLocale } from '@tracker/shared/routes';

export interface HeadLink {
  rel: 'canonical' | 'alternate';
  href: string;
  hreflang?: string;
}

export function headLinks(origin: string, pathname: string, search: string): HeadLink[] {
  const { barePath } = splitLocale(pathname);
  const links: HeadLink[] = [{ rel: 'canonical', href: canonicalUrl(origin, pathname, search) }];
  for (const locale of LOCALES) {
    links.push({ rel: 'alternate', hreflang: locale, href: canonicalUrl(origin, localizePath(barePath, locale), search) });
  }
  links.push({ rel: 'alternate', hreflang: 'x-default', href: canonicalUrl(origin, localizePath(barePath, DEFAULT_LOCALE), search) });
  return links;
}

const MARK = 'data-app-head';

export function applyHead(doc: Document, head: { title: string; locale: Locale; links: HeadLink[] | null }) {
  doc.title = head.title;
  doc.documentElement.lang = head.locale;
  doc.querySelector('meta[name="app-locale"]')?.setAttribute('content', LOCALE_TAGS[head.locale]);
  for (const el of doc.head.querySelectorAll(`link[${MARK}]`)) el.remove();
  for (const link of head.links ?? []) {
    const el = doc.createElement('link');
    el.setAttribute(MARK, '');
    el.rel = link.rel;
    el.href = link.href;
    if (link.hreflang) el.hreflang = link.hreflang;
    doc.head.appendChild(el);
  }
}
