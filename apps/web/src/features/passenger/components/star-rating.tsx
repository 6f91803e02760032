import { useId } from 'react';

const SCORES = [1, 2, 3, 4, 5] as const;

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Five radio stars (keyboard: arrows move, as any radio group). */
export function StarRatingInput({
  value,
  onChange,
  label,
  disabled,
}: {
  value: number;
  onChange: (score: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <div className="pw-stars pw-stars--input" role="radiogroup" aria-label={label}>
      {SCORES.map((score) => (
        <label key={score} className={`pw-stars__star${score <= value ? ' pw-stars__star--on' : ''}`}>
          <input
            type="radio"
            name={name}
            value={score}
            checked={value === score}
            disabled={disabled}
            onChange={() => onChange(score)}
            aria-label={score === 1 ? '1 estrella' : `${score} estrellas`}
          />
          <Star filled={score <= value} />
        </label>
      ))}
    </div>
  );
}

/** Read-only stars for a whole score, e.g. '4 de 5 estrellas'. */
export function StarRatingDisplay({ score }: { score: number }) {
  return (
    <span className="pw-stars pw-stars--display" role="img" aria-label={`${score} de 5 estrellas`}>
      {SCORES.map((s) => (
        <span key={s} className={`pw-stars__star${s <= score ? ' pw-stars__star--on' : ''}`}>
          <Star filled={s <= score} />
        </span>
      ))}
    </span>
  );
}
