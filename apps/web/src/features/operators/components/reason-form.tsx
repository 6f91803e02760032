import { useId } from 'react';
import type { Resolver, ResolverResult } from 'react-hook-form';

import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';

type ReasonValues = { reason: string };

/** The reason, trimmed, when it has at least `minLength` characters. */
function reasonResolver(minLength: number): Resolver<ReasonValues, unknown, ReasonValues> {
  return ({ reason }): ResolverResult<ReasonValues> =>
    reason.trim().length < minLength
      ? { values: {}, errors: { reason: { type: 'minLength', message: `Escribe al menos ${minLength} caracteres.` } } }
      : { values: { reason: reason.trim() }, errors: {} };
}

/**
 * A short form asking for a reason before an action that needs one (reject, suspend, cancel, resolve):
 * the reason is required, its error and the server's answer show right under the button pressed.
 */
export function ReasonForm({
  label,
  submitLabel,
  onSubmit,
  danger = false,
  minLength = 5,
  placeholder,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (reason: string) => Promise<unknown>;
  danger?: boolean;
  minLength?: number;
  placeholder?: string;
}) {
  const id = useId();
  const {
    form,
    formRef,
    banner,
    field,
    onSubmit: submitWith,
  } = useSchemaForm({
    resolver: reasonResolver(minLength),
    defaultValues: { reason: '' },
    fallbackError: 'No se pudo completar la acción.',
  });
  const { error, ...textarea } = field('reason');
  const busy = form.formState.isSubmitting;
  const submit = async ({ reason }: ReasonValues) => {
    await onSubmit(reason);
    form.reset();
  };
  return (
    <form className="stack stack--tight" onSubmit={submitWith(submit)} noValidate ref={formRef}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__control ops-reason__input"
        rows={2}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        maxLength={500}
        {...textarea}
      />
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <InlineError message={banner} />
      <Button
        type="submit"
        variant={danger ? 'plain' : 'ghost'}
        className={danger ? 'ops-btn--danger' : undefined}
        disabled={busy}
      >
        {busy ? 'Enviando...' : submitLabel}
      </Button>
    </form>
  );
}
