import { describe, expect, it } from 'vitest';
import { propertiesSummary } from './properties-summary.ts';

const t = (key: string, params?: Record<string, unknown>) => (params ? `${key}(${JSON.stringify(params)})` : key);

describe('propertiesSummary', () => {
  it('names the priority, then the due date and the labels when there are any', () => {
    expect(propertiesSummary({ priority: 'high', dueDate: '2026-12-03', labelIds: [1, 2] }, t, 'en')).toBe('issues.priority.high · issues.list.dueOn({"date":"Dec 3"}) · issues.detail.labelsCount({"count":2})');
    expect(propertiesSummary({ priority: 'none', dueDate: null, labelIds: [] }, t, 'ru')).toBe('issues.priority.none');
  });
});
