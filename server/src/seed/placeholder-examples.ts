// The quick-add examples the app shows as placeholders, parsed: the tests of the demo workspace and
// the per-user demo project check that every `#label` and `@person` in them exists there (issue 15).
import { lazyResources } from '@tracker/shared/i18n/lazy';
import type { Locale } from '@tracker/shared/locales';
import { parseQuickAdd, type QuickAddResult } from '@tracker/shared/quick-add/index';

export async function placeholderExamples(locale: Locale): Promise<{ text: string; parsed: QuickAddResult }[]> {
  const texts = await Promise.all([lazyResources.issues[locale](), lazyResources.myWork[locale]()]);
  return texts.map((t) => {
    const text = (t.default as { quickAdd: { placeholder: string } }).quickAdd.placeholder;
    return { text, parsed: parseQuickAdd(text, { now: new Date('2026-11-26T10:00:00Z'), timeZone: 'UTC', locale }) };
  });
}
