import '../payments.css';

import {
  CASH_NOTES,
  type CashNote,
  cashNoteLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@jala/domain';

interface ChipsProps<T extends string | number> {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  selected: T;
  onSelect: (value: T) => void;
  invalid?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** One choice among a few, as large tap targets (a radio group under the hood). */
export function ChoiceChips<T extends string | number>({
  name,
  legend,
  options,
  selected,
  onSelect,
  invalid = {},
}: ChipsProps<T>) {
  return (
    <div className="pay-chips" role="radiogroup" aria-label={legend} {...invalid}>
      {options.map((option) => (
        <label key={String(option.value)} className={`pay-chip${option.value === selected ? ' pay-chip--on' : ''}`}>
          <input
            type="radio"
            name={name}
            value={String(option.value)}
            checked={option.value === selected}
            onChange={() => onSelect(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
/** 0 stands for 'Exacto' (no note): radio values must be comparable. */
const NOTE_OPTIONS: { value: CashNote | 0; label: string }[] = [
  { value: 0, label: 'Exacto' },
  ...CASH_NOTES.map((n) => ({ value: n, label: cashNoteLabel(n) })),
];

export interface PaymentChoiceProps {
  method: PaymentMethod;
  cashNote: CashNote | null;
  onMethod: (method: PaymentMethod) => void;
  onCashNote: (note: CashNote | null) => void;
  /** aria-invalid + describedby while the step's error is about the note. */
  noteInvalid?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** The wizard's '¿Cómo pagarás?' (Efectivo, Yape, Plin) and, for cash, '¿Con cuánto pagarás?'. */
export function PaymentChoice({ method, cashNote, onMethod, onCashNote, noteInvalid }: PaymentChoiceProps) {
  return (
    <fieldset className="pay-choice">
      <legend className="field__label">¿Cómo pagarás?</legend>
      <ChoiceChips
        name="payment_method"
        legend="¿Cómo pagarás?"
        options={METHOD_OPTIONS}
        selected={method}
        onSelect={onMethod}
      />
      {method === 'cash' ? (
        <div className="pay-choice__notes">
          <span className="field__label">¿Con cuánto pagarás?</span>
          <ChoiceChips
            name="cash_note"
            legend="¿Con cuánto pagarás?"
            options={NOTE_OPTIONS}
            selected={cashNote ?? 0}
            onSelect={(n) => onCashNote(n === 0 ? null : n)}
            invalid={noteInvalid}
          />
        </div>
      ) : (
        <p className="field__hint">
          Al terminar verás el nombre y el número de {PAYMENT_METHOD_LABELS[method]} del conductor para pagarle.
        </p>
      )}
    </fieldset>
  );
}
