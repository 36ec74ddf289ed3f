import { lazyResources, type LazyNamespace } from '@tracker/shared/i18n/lazy';
import { WEB_EAGER_NAMESPACES, WEB_FAILURE_NAMESPACES, webTexts, type WebTexts } from '@tracker/shared/i18n/web';
import { I18N_OPTIONS } from '@tracker/shared/i18n/options';
import { LOCALES, type Locale } from '@tracker/shared/locales';
import i18next, { type i18n } from 'i18next';
import { use } from 'react';
import { initReactI18next } from 'react-i18next';

// The first-render texts of each language loaded so far (the page's before the first render, the
// other one when idle or on a switch), lazy namespaces already fetched, and every instance to add
// them to (one per App mount).
const languages = new Map<Locale, WebTexts>();
const loaded = new Map<LazyNamespace, Record<Locale, Record<string, unknown>>>();
const instances = new Set<i18n>();

/** Loads a language's first-render texts once; the app renders after its own language's. */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (languages.has(locale)) return;
  const { default: texts } = await webTexts[locale]();
  languages.set(locale, texts);
  for (const instance of instances) for (const [ns, bundle] of Object.entries(texts)) instance.addResourceBundle(locale, ns, bundle, true, true);
}

/** Each loaded language's texts, copied: loading a lazy namespace adds to the map it was given. */
const instanceResources = () => Object.fromEntries([...languages].map(([locale, texts]) => [locale, { ...texts }]));

function addLoaded(instance: i18n, ns: LazyNamespace, bundles: Record<Locale, Record<string, unknown>>) {
  for (const locale of LOCALES) instance.addResourceBundle(locale, ns, bundles[locale], true, true);
}

export function createI18n(locale: Locale) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    resources: instanceResources(),
    lng: locale,
    ns: [...WEB_EAGER_NAMESPACES],
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

let failureTexts: Promise<void> | null = null;
let failureTextsLoaded = false;

/** The words of failures (`errors`, `validation`): after the first render, before any failure is shown. */
export function loadFailureTexts(): Promise<void> {
  failureTexts ??= loadNamespaces(WEB_FAILURE_NAMESPACES).then(
    () => void (failureTextsLoaded = true),
    (err: unknown) => {
      failureTexts = null;
      throw err;
    },
  );
  return failureTexts;
}

/** For a component that shows failure words without a failed call (a 404 page): suspends until they are here. */
export function useFailureTexts(): void {
  if (!failureTextsLoaded) use(loadFailureTexts());
}
