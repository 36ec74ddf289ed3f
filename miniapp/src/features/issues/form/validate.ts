// Client-side checks with the shared schemas, keyed like the server's `data.issues` paths.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { createIssueSchema, updateIssueSchema } from '@tracker/shared/api/issues';
import { z } from 'zod';
import { checkCustomValues } from '../custom-fields/values.ts';
import { fieldErrorsFrom, type FieldErrors } from '../../../lib/form-errors.ts';
import { toCreateRequest, toPatch, type IssueFormValues } from './model.ts';

/** The issue form's inputs a refusal's issues can sit under (the create dialog shows fewer). */
const ISSUE_FIELDS = ['projectId', 'title', 'description', 'statusId', 'priority', 'assigneeId', 'labelIds', 'streamIds', 'startDate', 'dueDate', 'estimate', 'parentId'];

/** `shown` and the inputs of the project's custom fields, named as the server's issue paths (`customValues.12`). */
export const issueFieldNames = (fields: readonly CustomField[], shown: readonly string[] = ISSUE_FIELDS) => [...shown, ...fields.map((f) => `customValues.${f.id}`)];

/** zod's own messages (wrong type) are not ours to show; they become "Invalid value". */
const keyed = (errors: FieldErrors, isKey: (k: string) => boolean): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, isKey(v) ? v : 'validation.invalid']));

export function validateForm(mode: 'create' | 'edit', values: IssueFormValues, before: IssueFormValues, fields: readonly CustomField[], isKey: (k: string) => boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (values.estimate.trim() !== '' && !Number.isFinite(Number(values.estimate.replace(',', '.')))) errors.estimate = 'validation.invalid';
  if (mode === 'create' && !values.projectId) errors.projectId = 'validation.required';
  const parsed = mode === 'create' ? createIssueSchema.safeParse(toCreateRequest(values, fields)) : updateIssueSchema.safeParse(toPatch(before, values, fields));
  if (!parsed.success) for (const [k, v] of Object.entries(keyed(fieldErrorsFrom(parsed.error.issues, issueFieldNames(fields)), isKey))) errors[k] ??= v;
  Object.assign(errors, checkCustomValues(fields, values.customValues));
  return errors;
}

/**
 * The same checks for the form helper (lib/use-server-form.ts): each message on its field's path
 * (`customValues.12` nested as the form holds it). `before` and `fields` are read when the form is
 * sent: an edit rebased on another's version compares against that, and the project may have changed.
 */
export const issueFormSchema = (mode: 'create' | 'edit', before: () => IssueFormValues, fields: () => readonly CustomField[], isKey: (k: string) => boolean) =>
  z.custom<IssueFormValues>().superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(validateForm(mode, values, before(), fields(), isKey))) ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  });
