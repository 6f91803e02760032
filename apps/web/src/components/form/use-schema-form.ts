/**
 * The one way a form is wired: react-hook-form holds the values and errors, a resolver (usually the
 * contract's zod schema through `contractResolver`) checks them with the server's own Spanish messages,
 * and a failed submit puts the server's field messages under their fields (the rest in the red banner).
 * A feature's form is then its fields (`field(name)`), its schema and its submit.
 *
 * Behaviour every form shares (pinned by the web tests):
 * - nothing is checked while typing; a field's message goes away as soon as it is edited;
 * - on submit, or when the server answers with field messages, focus moves to the first invalid field and
 *   field and message are scrolled into sight (revealFirstInvalid, not react-hook-form's own focus);
 * - `validateOnBlur` checks a non-empty field when it loses focus (the register form).
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';

import { isApiError } from '@/lib/api/api-client';
import { submitErrors } from '@/lib/form-errors';

import { revealFirstInvalid } from '../ui/reveal';

export interface SchemaFormOptions<TValues extends FieldValues, TPayload> {
  resolver?: Resolver<TValues, unknown, TPayload> | undefined;
  defaultValues: DefaultValues<TValues>;
  /** The banner's text when a submit fails without a message of its own (a network error). */
  fallbackError: string;
  validateOnBlur?: boolean;
}

export function useSchemaForm<TValues extends FieldValues, TPayload = TValues>({
  resolver,
  defaultValues,
  fallbackError,
  validateOnBlur = false,
}: SchemaFormOptions<TValues, TPayload>) {
  const form = useForm<TValues, unknown, TPayload>({
    ...(resolver ? { resolver } : {}),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [banner, setBanner] = useState<string | null>(null);
  // The reveal runs after the render that marks the fields invalid: called straight from the submit, its
  // frame could come before React had committed the errors (seen on a busy machine) and find no field.
  const [revealRequests, setRevealRequests] = useState(0);
  const requestReveal = (): void => setRevealRequests((count) => count + 1);
  useEffect(() => {
    if (revealRequests > 0) revealFirstInvalid(formRef.current);
  }, [revealRequests]);

  /** A failed submit: the server's messages under their fields, the rest in the banner. */
  const showSubmitError = (error: unknown): void => {
    // A server key names a field of this form when its first segment does ('contacts.0.phone' → contacts).
    const roots = Object.keys(form.getValues());
    const serverKeys = isApiError(error) ? Object.keys(error.fields ?? {}) : [];
    const known = serverKeys.filter((key) => roots.includes(key.split('.')[0] ?? '')) as Path<TValues>[];
    const { fields, banner: message } = submitErrors(error, known, fallbackError);
    for (const [name, text] of Object.entries(fields) as [Path<TValues>, string][])
      form.setError(name, { type: 'server', message: text });
    setBanner(message);
    requestReveal();
  };

  /**
   * The form's onSubmit: checks, then runs `submit` with the parsed payload. A throw is shown as above and
   * leaves the form submittable again (formState.isSubmitSuccessful stays false).
   */
  const onSubmit =
    (submit: (payload: TPayload) => unknown) =>
    (event: FormEvent<HTMLFormElement>): void => {
      setBanner(null);
      form
        .handleSubmit(async (payload) => {
          try {
            await submit(payload);
          } catch (error) {
            showSubmitError(error);
            throw error;
          }
        }, requestReveal)(event)
        .catch(() => {
          // Shown by showSubmitError.
        });
    };

  /** What a TextField / SelectField needs for `name`: the registered input and its message. */
  const field = (name: Path<TValues>) => {
    const registered = form.register(name, { onChange: () => form.clearErrors(name) });
    return {
      ...registered,
      onBlur: async (event: { target: unknown; type?: unknown }) => {
        await registered.onBlur(event);
        if (validateOnBlur && form.getValues(name) !== '') await form.trigger(name);
      },
      error: form.getFieldState(name, form.formState).error?.message,
    };
  };

  return { form, formRef, banner, field, onSubmit, showSubmitError };
}
