import { type ComponentProps, type ReactNode, useId } from 'react';

import { useRevealWhen } from './reveal';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

type TextFieldProps = ComponentProps<'input'> & { label: string; error?: string | undefined; hint?: string };

/** Labelled input with inline error (aria-invalid + aria-describedby wired). */
export function TextField({ label, error, hint, id, ...input }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <input
        id={fieldId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...input}
      />
    </FieldShell>
  );
}

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
};

export function SelectField({ label, error, options, id, ...select }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error}>
      <select
        id={fieldId}
        className="field__control field__control--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error)}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A failed action's message placed right under the button that caused it, and brought into sight when it
 * appears (a phone's screen seldom shows both the top of the page and the button).
 */
export function InlineError({
  message,
  className = 'field__error',
}: {
  message: string | null | undefined;
  className?: string;
}) {
  const ref = useRevealWhen<HTMLParagraphElement>(message);
  if (!message) return null;
  return (
    <p className={className} role="alert" ref={ref}>
      {message}
    </p>
  );
}

/** Red banner for form-level errors (server messages), scrolled into sight when it appears. */
export function ErrorBanner({ message }: { message: string | null }) {
  const ref = useRevealWhen<HTMLDivElement>(message);
  if (!message) return null;
  return (
    <div className="alert alert--error" role="alert" ref={ref}>
      {message}
    </div>
  );
}
