/**
 * Where a trip ended: 'Finalizar viaje' far from the destination is allowed — a passenger may
 * get off early — but the driver confirms it, the server records the distance from the driver's reported
 * final position, and both sides see it on the receipt.
 */
import { formatDistance } from '../people/safety';
import { type Coordinates, haversineKm } from '../place/coordinates';

/** Beyond this distance from the destination, ending the trip is 'far from the destination'. */
export const FAR_FROM_DESTINATION_METERS = 1000;

/** Metres (rounded) between where the driver ended the trip and the destination. */
export function distanceToDestinationMeters(finalPosition: Coordinates, destination: Coordinates): number {
  return Math.round(haversineKm(finalPosition, destination) * 1000);
}

/** The distance when it counts as far from the destination, else null (ended at the destination). */
export function farFromDestinationMeters(distanceMeters: number | null | undefined): number | null {
  return distanceMeters != null && distanceMeters > FAR_FROM_DESTINATION_METERS ? distanceMeters : null;
}

/** The driver's question before ending far from the destination. */
export function farFromDestinationQuestion(distanceMeters: number): string {
  return `Estás a ${formatDistance(distanceMeters)} del destino. ¿Finalizar el viaje aquí? El pasajero verá dónde terminó.`;
}

/** What the receipt and both phones show about a trip ended far from its destination. */
export function endedFarFromDestinationText(distanceMeters: number): string {
  return `Finalizado a ${formatDistance(distanceMeters)} del destino`;
}

/**
 * How long a trip really took, in whole minutes (at least 1), from its start ('Iniciar viaje') to its
 * completion; null when either moment is unknown or they are out of order. The route's estimate is not a
 * trip's duration: a history that showed it would tell a one-minute ride it lasted half an hour.
 */
export function tripDurationMinutes(
  startedAt: Date | null | undefined,
  completedAt: Date | null | undefined,
): number | null {
  if (!startedAt || !completedAt) return null;
  const ms = completedAt.getTime() - startedAt.getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.max(1, Math.round(ms / 60_000));
}
