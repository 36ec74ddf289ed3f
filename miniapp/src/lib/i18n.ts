import { instanceResources, resources } from '@tracker/shared/i18n/index';
import { lazyResources, type LazyNamespace } from '@tracker/shared/i18n/lazy';
import { I18N_OPTIONS } from '@tracker/shared/i18n/options';
import { LOCALES, type Locale } from '@tracker/shared/locales';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

// Lazy namespaces already fetched, and every instance to add them to (one per App mount).
const loaded = new Map<LazyNamespace, Record<Locale, Record<string, unknown>>>();
const instances = new Set<i18n>();

function addLoaded(instance: i18n, ns: LazyNamespace, bundles: Record<Locale, Record<string, unknown>>) {
  for (const locale of LOCALES) instance.addResourceBundle(locale, ns, bundles[locale], true, true);
}

export function createI18n(locale: Locale) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    resources: instanceResources(),
    lng: locale,
    ns: Object.keys(resources.ru),
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  for (const [ns, bundles] of loaded) addLoaded(instance, ns, bundles);
  instances.add(instance);
  return instance;
}

/** Namespaces that come with another: every page that shows issues may say an issue's repeat rule in words. */
const COMPANIONS: Partial<Record<LazyNamespace, LazyNamespace[]>> = { issues: ['recurrence'] };

/** Fetches feature namespaces (both languages, so switching language needs no fetch) once. */
export async function loadNamespaces(names: readonly LazyNamespace[]): Promise<void> {
  await Promise.all(
    [...new Set(names.flatMap((ns) => [ns, ...(COMPANIONS[ns] ?? [])]))]
      .filter((ns) => !loaded.has(ns))
      .map(async (ns) => {
        const [ru, en] = await Promise.all([lazyResources[ns].ru(), lazyResources[ns].en()]);
        const bundles = { ru: ru.default, en: en.default };
        loaded.set(ns, bundles);
        for (const instance of instances) addLoaded(instance, ns, bundles);
      }),
  );
}
