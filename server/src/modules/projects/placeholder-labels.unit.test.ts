// The quick-add examples the app shows must work on the demo workspace (issue 15): each label is one
// every project has in its language, and the person is a demo user.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed/demo-data.ts';
import { placeholderExamples } from '../../seed/placeholder-examples.ts';
import { DEFAULT_LABELS } from './default-workflow.ts';

describe('the quick-add placeholders', () => {
  for (const locale of ['ru', 'en'] as const) {
    it(`name labels and people that exist (${locale})`, async () => {
      const labels = DEFAULT_LABELS.map((l) => l.name[locale].toLowerCase());
      const handles = DEMO_USERS.map((u) => u.email.split('@')[0]);
      for (const { text, parsed } of await placeholderExamples(locale)) {
        expect(parsed.labels.length, text).toBeGreaterThan(0);
        for (const label of parsed.labels) expect(labels, text).toContain(label.toLowerCase());
        expect(handles, text).toContain(parsed.assignee);
      }
    });
  }
});
