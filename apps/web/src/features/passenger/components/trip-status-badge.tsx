import { historyStatusBadge, tripStatusLabel } from '@jala/domain';

import { StatusBadge } from '@/components/ui/badge';

/** 'Completado' (success), 'Cancelado por ti' (warning), 'Cancelado por conductor' (danger), others neutral. */
export function TripStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={historyStatusBadge(status)}>{tripStatusLabel(status)}</StatusBadge>;
}
