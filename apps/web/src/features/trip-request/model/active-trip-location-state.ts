/** What the request wizard hands to the active-trip page through the navigation state. */
export interface ActiveTripLocationState {
  /** Set when neither MQTT nor HTTP could publish the new trip: the publisher shows it and offers a retry. */
  publishError: string | null;
  /** The wizard has just published the trip (the server's published_at may lag an MQTT publication). */
  justPublished: boolean;
}

export function readActiveTripLocationState(state: unknown): ActiveTripLocationState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { publishError, justPublished } = state as Record<string, unknown>;
  return {
    publishError: typeof publishError === 'string' ? publishError : null,
    justPublished: justPublished === true,
  };
}
