import { HISTORY_STATUS_FILTERS, type HistoryStatusFilterValue } from '@jala/domain';

import { FilterPills } from '@/components/ui/filter-pills';

/** The five filter pills of spec §2; the active one is pressed. */
export function HistoryFilters({
  value,
  onChange,
  disabled,
}: {
  value: HistoryStatusFilterValue;
  onChange: (value: HistoryStatusFilterValue) => void;
  disabled?: boolean;
}) {
  return <FilterPills options={HISTORY_STATUS_FILTERS} value={value} onChange={onChange} disabled={disabled} />;
}
