/** One toggle of a FilterPills row: the value it filters by ('' for "no filter") and its Spanish label. */
export interface FilterPillOption<T extends string> {
  value: T;
  label: string;
}

/** A row of filter toggles (the histories' status pills); the chosen one is pressed. */
export function FilterPills<T extends string>({
  options,
  value,
  onChange,
  label = 'Filtrar por estado',
  disabled,
}: {
  options: readonly FilterPillOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** What the pills filter, for screen readers (aria-label of the group). */
  label?: string;
  disabled?: boolean;
}) {
  return (
    <div className="filter-pills" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value || 'all'}
          type="button"
          className={`filter-pill${option.value === value ? ' filter-pill--active' : ''}`}
          aria-pressed={option.value === value}
          disabled={disabled}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
