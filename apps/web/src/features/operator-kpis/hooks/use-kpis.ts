import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { fetchKpis, kpiKeys } from '../api/kpis-api';
import type { KpiFilters } from '../model/kpi-period';

/** The figures for the filters; the last answer stays on screen while the next loads (no blank flash). */
export function useKpis(filters: KpiFilters) {
  return useQuery({
    queryKey: kpiKeys.figures(filters),
    queryFn: () => fetchKpis(filters),
    enabled: filters.from !== '' && filters.to !== '',
    placeholderData: keepPreviousData,
  });
}
