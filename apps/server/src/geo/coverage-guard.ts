import { GeoError, type LatLng } from './geo-provider';
import { isInPeru } from './peru-coverage';

/**
 * Every provider checks coverage before doing work, so a point in the ocean or abroad fails the same
 * way everywhere (OUT_OF_COVERAGE) and never spends a paid request.
 */
export function assertInPeru(point: LatLng): void {
  if (!isInPeru(point)) throw new GeoError('OUT_OF_COVERAGE');
}
