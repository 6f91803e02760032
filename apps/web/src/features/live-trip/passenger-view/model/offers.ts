import type { DriverOffer } from '@jala/contracts';

/**
 * The offers list of spec §2: one offer per driver (a second offer from the same driver is ignored,
 * spec §5) sorted by ascending price, earlier offers first on equal prices.
 */
export function mergeOffers(current: readonly DriverOffer[], incoming: readonly DriverOffer[]): DriverOffer[] {
  const byDriver = new Map<number, DriverOffer>();
  for (const offer of [...current, ...incoming]) {
    if (!byDriver.has(offer.driver_id)) byDriver.set(offer.driver_id, offer);
  }
  return [...byDriver.values()].sort((a, b) => a.price - b.price || a.created_at.localeCompare(b.created_at));
}
