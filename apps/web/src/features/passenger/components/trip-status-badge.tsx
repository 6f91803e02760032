import { historyStatusBadge, tripStatusLabel } from '@jala/domain';

/** 'Completado' (success), 'Cancelado por ti' (warning), 'Cancelado por conductor' (danger), others neutral. */
export function TripStatusBadge({ status }: { status: string }) {
  return <span className={`pw-status-badge tone--${historyStatusBadge(status)}`}>{tripStatusLabel(status)}</span>;
}
