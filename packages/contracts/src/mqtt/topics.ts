/**
 * MQTT topic names and builders, shared by the broker's ACL and the web client.
 * `jala/` is the product prefix of spec §7 'trip_requests under the product's prefix'.
 */
export const TOPIC_PREFIX = 'jala';

export const topics = {
  /** Trip publications: the server fans these out to eligible drivers only. */
  tripRequests: `${TOPIC_PREFIX}/trip_requests`,
  /** A driver's personal feed of trip requests that match them. */
  driverTripRequests: (driverId: number) => `${TOPIC_PREFIX}/trip_requests/driver/${driverId}`,
  tripOffers: (tripId: number) => `trip_offers/${tripId}`,
  tripStatus: (tripId: number) => `trip_status/${tripId}`,
  chat: (tripId: number, driverId: number) => `chat/${tripId}/${driverId}`,
  driverLocation: (tripId: number) => `driver_location/${tripId}`,
  notifications: (userId: number) => `notifications/${userId}`,
  /** The operators' live city map (online drivers, active trips): operators only, server publishes. */
  operatorLive: `${TOPIC_PREFIX}/operators/live`,
} as const;

/** Parses a topic into its kind and numeric parts, or null when it is not one of ours. */
export function parseTopic(
  topic: string,
):
  | { kind: 'tripRequests' }
  | { kind: 'driverTripRequests'; driverId: number }
  | { kind: 'tripOffers'; tripId: number }
  | { kind: 'tripStatus'; tripId: number }
  | { kind: 'driverLocation'; tripId: number }
  | { kind: 'chat'; tripId: number; driverId: number }
  | { kind: 'notifications'; userId: number }
  | { kind: 'operatorLive' }
  | null {
  const id = '([1-9][0-9]{0,9})';
  let m: RegExpExecArray | null;
  if (topic === topics.tripRequests) return { kind: 'tripRequests' };
  if (topic === topics.operatorLive) return { kind: 'operatorLive' };
  if ((m = new RegExp(`^${TOPIC_PREFIX}/trip_requests/driver/${id}$`).exec(topic)))
    return { kind: 'driverTripRequests', driverId: Number(m[1]) };
  if ((m = new RegExp(`^trip_offers/${id}$`).exec(topic))) return { kind: 'tripOffers', tripId: Number(m[1]) };
  if ((m = new RegExp(`^trip_status/${id}$`).exec(topic))) return { kind: 'tripStatus', tripId: Number(m[1]) };
  if ((m = new RegExp(`^driver_location/${id}$`).exec(topic))) return { kind: 'driverLocation', tripId: Number(m[1]) };
  if ((m = new RegExp(`^chat/${id}/${id}$`).exec(topic)))
    return { kind: 'chat', tripId: Number(m[1]), driverId: Number(m[2]) };
  if ((m = new RegExp(`^notifications/${id}$`).exec(topic))) return { kind: 'notifications', userId: Number(m[1]) };
  return null;
}
