import { HISTORY_STATUS_FILTERS, type HistoryStatusFilterValue } from '@jala/domain';

/** The five filter pills of spec §2; the active one is pressed. */
export function HistoryFilters({ value, onChange, disabled }: {
  value: HistoryStatusFilterValue;
  onChange: (value: HistoryStatusFilterValue) => void;
  disabled?: boolean;
}) {
  return (
    <div className="pw-filter-pills" role="group" aria-label="Filtrar por estado">
      {HISTORY_STATUS_FILTERS.map((filter) => (
        <button
          key={filter.value || 'all'}
          type="button"
          className={`pw-pill${filter.value === value ? ' pw-pill--active' : ''}`}
          aria-pressed={filter.value === value}
          disabled={disabled}
          onClick={() => onChange(filter.value)}
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}
