import type { CustomField } from '@tracker/shared/api/custom-fields';
import { describe, expect, it } from 'vitest';
import { checkCustomValues, customValuesPayload, defaultValues } from './values.ts';

const field = (id: number, type: CustomField['type'], extra: Partial<CustomField> = {}) => ({ id, type, required: false, defaultValue: null, options: [], ...extra }) as unknown as CustomField;

describe('custom field values', () => {
  const fields = [field(1, 'text', { required: true }), field(2, 'number'), field(3, 'url'), field(4, 'checkbox', { required: true, defaultValue: false }), field(5, 'multiselect', { defaultValue: [9] })];

  it('starts a new issue with the defaults (false is a value)', () => {
    expect(defaultValues(fields)).toEqual({ '4': false, '5': [9] });
  });

  it('checks required-ness and shape like the server', () => {
    expect(checkCustomValues(fields, { '1': '  ', '2': 'abc', '3': 'ftp://x', '4': false })).toEqual({
      'customValues.1': 'validation.required',
      'customValues.2': 'validation.customField.number',
      'customValues.3': 'validation.customField.url',
    });
    expect(checkCustomValues(fields, { '1': 'ok', '2': 3.5, '3': 'https://example.com', '4': true })).toEqual({});
  });

  it('sends blanks as null and trims text', () => {
    expect(customValuesPayload(fields, { '1': ' hi ', '2': null, '5': [], '99': 'other project' })).toEqual({ '1': 'hi', '2': null, '5': null });
  });
});
