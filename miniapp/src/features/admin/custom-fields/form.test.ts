import { createCustomFieldSchema, type CustomField } from '@tracker/shared/api/custom-fields';
import { describe, expect, it } from 'vitest';
import { defaultFromText, requestFrom, valuesFromField, withoutOption } from './form.ts';

const field = (over: Partial<CustomField>): CustomField => ({
  id: 7,
  type: 'select',
  name: { ru: 'Среда', en: 'Environment' },
  description: { ru: '', en: '' },
  required: false,
  defaultValue: null,
  scope: 'all',
  projectIds: [],
  options: [
    { id: 11, name: 'Prod', color: '#dc2626', position: 1 },
    { id: 10, name: 'Dev', color: '#16a34a', position: 0 },
  ],
  position: 0,
  archivedAt: null,
  valueCount: 3,
  ...over,
});

describe('values from a stored field', () => {
  it('orders options by position and keeps their ids and colours', () => {
    expect(valuesFromField(field({})).options).toEqual([
      { id: 10, name: 'Dev', color: '#16a34a' },
      { id: 11, name: 'Prod', color: '#dc2626' },
    ]);
  });

  it('keeps the stored default as the API takes it, and none as null (so an edit clears it)', () => {
    expect(valuesFromField(field({ defaultValue: 11 })).defaultValue).toBe(11);
    expect(valuesFromField(field({ type: 'multiselect', defaultValue: [10, 11] })).defaultValue).toEqual([10, 11]);
    expect(valuesFromField(field({ type: 'checkbox', options: [], defaultValue: false })).defaultValue).toBe(false);
    expect(valuesFromField(field({ defaultValue: undefined })).defaultValue).toBeNull();
  });

  it('passes the shared schema untouched, while a new field still needs its names', () => {
    expect(createCustomFieldSchema.safeParse(valuesFromField(field({ scope: 'projects', projectIds: [3], defaultValue: 10 }))).success).toBe(true);
    const fresh = createCustomFieldSchema.safeParse(valuesFromField());
    expect(fresh.error?.issues.map((i) => i.path.join('.'))).toEqual(['name.ru', 'name.en']);
  });
});

it('turns a typed default into the value it means, leaving a bad number for the server to explain', () => {
  expect(defaultFromText('text', '  ')).toBeNull();
  expect(defaultFromText('text', ' a b ')).toBe(' a b ');
  expect(defaultFromText('url', ' https://x.org ')).toBe('https://x.org');
  expect(defaultFromText('date', '2026-11-01')).toBe('2026-11-01');
  expect(defaultFromText('number', '3,5')).toBe(3.5);
  expect(defaultFromText('number', ' 2 ')).toBe(2);
  expect(defaultFromText('number', 'abc')).toBe('abc');
});

it('removing an option drops it from the default', () => {
  expect(withoutOption(11, 11)).toBeNull();
  expect(withoutOption(10, 11)).toBe(10);
  expect(withoutOption([10, 'row-3'], 'row-3')).toEqual([10]);
  expect(withoutOption([11], 11)).toBeNull();
});

describe('request from checked values', () => {
  const checked = (over: Partial<Parameters<typeof createCustomFieldSchema.parse>[0]>) =>
    createCustomFieldSchema.parse({ ...valuesFromField(field({})), ...over });
  const options = [
    { id: 10, name: 'Dev', color: '#16a34a' },
    { name: ' Staging ', color: '#2563eb' },
  ];

  it('names a new option in the default by its (trimmed) name, a stored one by its id', () => {
    expect(requestFrom(checked({ options, defaultValue: 'row-2' }), ['row-1', 'row-2']).defaultValue).toBe('Staging');
    expect(requestFrom(checked({ type: 'multiselect', options, defaultValue: [10, 'row-2'] }), ['row-1', 'row-2']).defaultValue).toEqual([10, 'Staging']);
    expect(requestFrom(checked({ options, defaultValue: 10 }), ['row-1', 'row-2']).defaultValue).toBe(10);
  });

  it('keeps the text of other types as typed, even one that looks like a row key', () => {
    expect(requestFrom(checked({ type: 'text', options: [], defaultValue: 'row-1' }), ['row-1']).defaultValue).toBe('row-1');
  });

  it('sends projects only with the project scope', () => {
    expect(requestFrom(checked({ scope: 'all', projectIds: [3] }), []).projectIds).toEqual([]);
    expect(requestFrom(checked({ scope: 'projects', projectIds: [3] }), []).projectIds).toEqual([3]);
  });
});
