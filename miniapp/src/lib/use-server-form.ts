// Forms are react-hook-form on the payload's shared zod schema: the schema's messages are i18n keys,
// and a server refusal lands on the same fields, so one path shows both and the input stays put.
import { zodResolver } from '@hookform/resolvers/zod';
import { validationKey } from '@tracker/shared/api/values/fields';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ErrorTextOptions, Translate } from './error-text.ts';
import { formErrorsFrom } from './form-errors.ts';

/** Where a refusal goes in a form: only these two calls, so tests can pass a stand-in. */
type Target<T extends FieldValues> = Pick<UseFormReturn<T>, 'setError' | 'getValues'>;

/**
 * Puts a refused submit on the form: the server's field issues (and a code bound to a field, like
 * 409 email_taken) under their fields, the rest as the form's root message. Fields are the form's
 * own values, so an issue about something the form does not show becomes the root message.
 */
export function applyServerError<T extends FieldValues>(form: Target<T>, err: unknown, t: Translate, options?: ErrorTextOptions, fields?: readonly string[]): void {
  const state = formErrorsFrom(err, fields ?? fieldPaths(form.getValues() ?? {}), t, options);
  for (const [field, message] of Object.entries(state.fields)) form.setError(field as FieldPath<T>, { type: 'server', message });
  if (state.form) form.setError('root.server', { type: 'server', message: state.form });
}

/** Every field a form's values name, nested ones as dotted paths (`versions.en.title`): an issue lands on the deepest. */
export function fieldPaths(values: object, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    const plain = value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
    return plain ? [path, ...fieldPaths(value as object, `${path}.`)] : [path];
  });
}

/** A field's message; a list's field (tags) has its items' messages, and shows the first. */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  return Object.entries(error).filter(([key]) => key !== 'ref').map(([, item]) => messageOf(item)).find(Boolean);
}

type FormSchema = z.ZodType<FieldValues, FieldValues>;

interface SubmitOptions {
  /** Runs after the refusal is on the form (haptics, extra state). */
  onRefused?: (err: unknown) => void;
  /** The screen's wording of codes and of a failure the server did not explain (the account dialogs, spec §8). */
  errors?: ErrorTextOptions;
  /** Runs when the schema refused the input, before anything was sent (show the field's tab). */
  onInvalid?: () => void;
  /** The fields a refusal's issues may sit under, when the form shows fewer than its values hold; the rest go above it. */
  fields?: readonly string[];
}

/**
 * `useForm` resolved by a shared schema, plus what every form here shows: a field's message
 * (translated when it is a key), the form's message, and a submit whose refusals end on the form.
 */
export function useServerForm<S extends FormSchema>(schema: S, defaults: DefaultValues<z.input<S>>) {
  const { t, i18n } = useTranslation();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // Issues the schema names no key for get one (`validation.required`, …), as on the server.
    resolver: zodResolver(schema, { error: validationKey }),
    defaultValues: defaults,
  });
  const text = (message: string | undefined) => (message && i18n.exists(message) ? t(message) : message);
  const { errors } = form.formState;

  /** Runs `send` with the parsed payload; what it throws goes onto the form. */
  const submit = (send: (data: z.output<S>) => Promise<unknown>, options: SubmitOptions | ((err: unknown) => void) = {}) => {
    const { onRefused, errors: wording, onInvalid, fields } = typeof options === 'function' ? { onRefused: options } : options;
    return form.handleSubmit(
      async (data) => {
        try {
          await send(data);
        } catch (err) {
          applyServerError(form, err, t, wording, fields);
          onRefused?.(err);
        }
      },
      () => onInvalid?.(),
    );
  };

  // Several values at once from their current ones, as a state setter does (a quick-add line fills
  // the fields it names; another project resets its own): each changed one is set, dirtied.
  const { getValues, setValue } = form;
  const setValues = useCallback(
    (next: z.input<S> | ((values: z.input<S>) => z.input<S>)) => {
      const current = getValues();
      const updated = typeof next === 'function' ? next(current) : next;
      for (const key of Object.keys(updated) as FieldPath<z.input<S>>[]) {
        if (updated[key] !== current[key]) setValue(key, updated[key], { shouldDirty: true });
      }
    },
    [getValues, setValue],
  );

  return {
    ...form,
    submit,
    setValues,
    errorFor: (name: FieldPath<z.input<S>>): string | undefined => text(messageOf(form.getFieldState(name, form.formState).error)),
    formError: text(errors.root?.['server']?.message) ?? null,
  };
}

export type ServerForm<S extends FormSchema> = ReturnType<typeof useServerForm<S>>;
