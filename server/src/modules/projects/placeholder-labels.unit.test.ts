// The quick-add examples the app shows must work on the demo workspace (issue 15): each label is one
// every project has in its language, and the person is a demo user.
import { describe, expect, it } from 'vitest';
import { lazyResources } from '@tracker/shared/i18n/lazy';
import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import { DEMO_USERS } from '../../seed/demo-data.ts';
import { DEFAULT_LABELS } from './default-workflow.ts';

describe('the quick-add placeholders', () => {
  for (const locale of ['ru', 'en'] as const) {
    it(`name labels and people that exist (${locale})`, async () => {
      const texts = await Promise.all([lazyResources.issues[locale](), lazyResources.myWork[locale]()]);
      const examples = texts.map((t) => (t.default as { quickAdd: { placeholder: string } }).quickAdd.placeholder);
      const labels = DEFAULT_LABELS.map((l) => l.name[locale].toLowerCase());
      const handles = DEMO_USERS.map((u) => u.email.split('@')[0]);
      for (const example of examples) {
        const parsed = parseQuickAdd(example, { now: new Date('2026-11-26T10:00:00Z'), timeZone: 'UTC', locale });
        expect(parsed.labels.length, example).toBeGreaterThan(0);
        for (const label of parsed.labels) expect(labels, example).toContain(label.toLowerCase());
        expect(handles, example).toContain(parsed.assignee);
      }
    });
  }
});
