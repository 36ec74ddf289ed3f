import type { CustomField } from '@tracker/shared/api/custom-fields';
import { describe, expect, it } from 'vitest';
import { addOption, defaultValueOf, emptyForm, errorsByPath, formFromField, moveOption, removeOption, requestFromForm, type FieldForm } from './form.ts';

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

describe('form from a stored field', () => {
  it('orders options by position and keeps their ids', () => {
    const form = formFromField(field({ defaultValue: 11 }));
    expect(form.options.map((o) => [o.id, o.name])).toEqual([
      [10, 'Dev'],
      [11, 'Prod'],
    ]);
    expect(form.defaultOptions).toEqual(['opt-11']);
  });

  it('reads each type’s default', () => {
    expect(formFromField(field({ type: 'number', options: [], defaultValue: 2.5 })).defaultText).toBe('2.5');
    expect(formFromField(field({ type: 'checkbox', options: [], defaultValue: false })).defaultFlag).toBe('false');
    expect(formFromField(field({ type: 'user', options: [], defaultValue: 4 }), 'Anna').defaultUser).toEqual({ id: 4, name: 'Anna' });
    expect(formFromField(field({ type: 'multiselect', defaultValue: [10, 11] })).defaultOptions).toEqual(['opt-10', 'opt-11']);
    expect(formFromField(field({ type: 'date', options: [], defaultValue: '2026-11-01' })).defaultText).toBe('2026-11-01');
  });
});

describe('request from the form', () => {
  it('renaming an option keeps its id, new options are sent by name', () => {
    let form = formFromField(field({}));
    form = { ...form, options: form.options.map((o) => (o.id === 11 ? { ...o, name: 'Production' } : o)) };
    form = addOption(form);
    form.options[2]!.name = 'Staging';
    form.defaultOptions = [form.options[2]!.key];
    const req = requestFromForm(form);
    expect(req.options).toEqual([
      { id: 10, name: 'Dev', color: '#16a34a' },
      { id: 11, name: 'Production', color: '#dc2626' },
      { name: 'Staging', color: expect.stringMatching(/^#[0-9a-f]{6}$/) },
    ]);
    expect(req.defaultValue).toBe('Staging');
  });

  it('sends no options for other types and no projects for all-project scope', () => {
    const form: FieldForm = { ...formFromField(field({})), type: 'text', scope: 'all', projectIds: [3] };
    const req = requestFromForm(form);
    expect(req.options).toEqual([]);
    expect(req.projectIds).toEqual([]);
    expect(requestFromForm({ ...form, scope: 'projects' }).projectIds).toEqual([3]);
  });

  it('turns typed defaults into values, leaving bad ones for the server to explain', () => {
    const base = emptyForm();
    expect(defaultValueOf({ ...base, type: 'text', defaultText: '' })).toBeNull();
    expect(defaultValueOf({ ...base, type: 'number', defaultText: '3,5' })).toBe(3.5);
    expect(defaultValueOf({ ...base, type: 'number', defaultText: 'abc' })).toBe('abc');
    expect(defaultValueOf({ ...base, type: 'checkbox', defaultFlag: 'true' })).toBe(true);
    expect(defaultValueOf({ ...base, type: 'checkbox', defaultFlag: '' })).toBeNull();
    expect(defaultValueOf({ ...base, type: 'user', defaultUser: { id: 5, name: 'X' } })).toBe(5);
    const multi = formFromField(field({ type: 'multiselect' }));
    expect(defaultValueOf({ ...multi, defaultOptions: ['opt-11', 'opt-10'] })).toEqual([11, 10]);
    expect(defaultValueOf({ ...multi, defaultOptions: [] })).toBeNull();
  });
});

describe('options editor', () => {
  it('moves options up and down within bounds', () => {
    const opts = formFromField(field({})).options;
    expect(moveOption(opts, 0, 1).map((o) => o.id)).toEqual([11, 10]);
    expect(moveOption(opts, 0, -1).map((o) => o.id)).toEqual([10, 11]);
  });
  it('removing an option drops it from the default', () => {
    const form = { ...formFromField(field({ defaultValue: 11 })) };
    const next = removeOption(form, 'opt-11');
    expect(next.options.map((o) => o.id)).toEqual([10]);
    expect(next.defaultOptions).toEqual([]);
  });
});

it('keys server issues by dotted path', () => {
  expect(
    errorsByPath([
      { path: ['name', 'ru'], message: 'validation.required' },
      { path: ['options', 2, 'name'], message: 'validation.required' },
      { path: ['name', 'ru'], message: 'validation.tooLong' },
    ]),
  ).toEqual({ 'name.ru': 'validation.required', 'options.2.name': 'validation.required' });
});
