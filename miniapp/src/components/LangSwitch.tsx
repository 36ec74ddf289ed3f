import type { Locale } from '@tracker/shared/locales';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { rememberLocale, switchLocalePath } from '../lib/locale.ts';
import { isPlainClick } from '../lib/plain-click.ts';
import { useLocale } from '../lib/use-locale.ts';

/** Switches language on the same page (path and query kept) and remembers the choice; `onSwitch` may keep it further. */
export function LangSwitch({ onSwitch }: { onSwitch?: (target: Locale) => void }) {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const locale = useLocale();
  const target: Locale = locale === 'ru' ? 'en' : 'ru';
  const href = switchLocalePath(location, search, target);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    rememberLocale(target);
    onSwitch?.(target);
    navigate(href);
  };
  return (
    <a href={href} hrefLang={target} lang={target} data-testid="lang-switch" data-locale={target} className="header__lang" onClick={onClick}>
      {t('common.language.switchTo')}
    </a>
  );
}
