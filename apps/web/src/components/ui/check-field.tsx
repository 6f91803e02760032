import './check-field.css';

import { type ComponentProps, forwardRef, type ReactNode, useId } from 'react';

type CheckFieldProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; error?: string | undefined };

/**
 * A labelled checkbox whose whole row is the touch target (the native input stays, out of sight, for keyboard
 * and screen readers; the box after it shows its state), with its message under it like a text field's.
 */
export const CheckField = forwardRef<HTMLInputElement, CheckFieldProps>(function CheckField(
  { label, error, id, ...input },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={`check-field${error ? ' check-field--invalid' : ''}`}>
      <label className="check-field__row" htmlFor={fieldId}>
        <input
          ref={ref}
          id={fieldId}
          type="checkbox"
          className="check-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          {...input}
        />
        <span className="check-field__box" aria-hidden="true" />
        <span className="check-field__label">{label}</span>
      </label>
      {error && (
        <p className="field__error" id={`${fieldId}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
