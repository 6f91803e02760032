import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from '@/lib/api/api-client';

import type { KpiFilters } from '../model/kpi-period';

export const kpiKeys = {
  all: ['operators', 'kpis'] as const,
  figures: (filters: KpiFilters) => [...kpiKeys.all, filters] as const,
};

/** GET /admin/kpis for the chosen Lima days and district (none: the whole city). */
export const fetchKpis = ({ from, to, district }: KpiFilters) =>
  callApi(
    api(endpoints.adminKpis, { query: { from, to, district: district || undefined } }),
    'No se pudieron cargar los indicadores.',
  );
