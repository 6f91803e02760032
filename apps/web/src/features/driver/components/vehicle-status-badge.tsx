import type { Vehicle } from '@jala/contracts';

import { VEHICLE_STATUS_LABELS } from '../model/driver-format';

/** Status badge: active green, maintenance yellow, inactive red (spec §2). */
export function VehicleStatusBadge({ status }: { status: Vehicle['vehicle_status'] }) {
  return (
    <span className={`drv-badge drv-badge--${status}`} data-status={status}>
      {VEHICLE_STATUS_LABELS[status]}
    </span>
  );
}
