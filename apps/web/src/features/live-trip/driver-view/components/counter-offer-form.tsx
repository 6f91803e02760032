import { OFFER_PRICE_STEP } from '@jala/domain';
import { type FormEvent, useId, useState } from 'react';

import { Button } from '@/components/ui/button';

/** Largest price the server takes (the contract's zSoles cap). */
export const COUNTER_OFFER_MAX = 5000;

/** Null when the text is a valid counter-offer in soles, else the Spanish reason. */
export function counterOfferError(text: string): string | null {
  const value = Number(text.replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) return 'Ingresa un precio mayor que cero.';
  if (value > COUNTER_OFFER_MAX) return 'El precio es demasiado alto.';
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return 'El precio admite como máximo dos decimales.';
  return null;
}

export interface CounterOfferFormProps {
  disabled: boolean;
  isSending: boolean;
  onSubmit: (price: number) => void;
}

/** 'Proponer otro precio': a small price input (step 0.5, more than 0) next to its button. */
export function CounterOfferForm({ disabled, isSending, onSubmit }: CounterOfferFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const problem = counterOfferError(text);
    setError(problem);
    if (!problem) onSubmit(Number(text.replace(',', '.')));
  };

  return (
    <form className="stack stack--close" onSubmit={submit} noValidate>
      <label className="dt-counter__label" htmlFor={id}>
        Proponer otro precio
      </label>
      <div className="dt-counter__row">
        <span className="dt-counter__prefix" aria-hidden="true">
          S/
        </span>
        <input
          id={id}
          className="field__control dt-counter__input"
          type="number"
          inputMode="decimal"
          min={OFFER_PRICE_STEP}
          step={OFFER_PRICE_STEP}
          placeholder="0.00"
          value={text}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" variant="ghost" className="dt-counter__button" disabled={disabled}>
          {isSending ? 'Enviando...' : 'Proponer'}
        </Button>
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
