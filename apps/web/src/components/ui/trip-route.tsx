/**
 * A trip's origin and destination, one under the other behind their dots (blue, red), as the history cards
 * show them. Spans only, so it may sit inside a button; screen readers hear 'Origen:' and 'Destino:'.
 */
export function TripRoute({ pickup, destination }: { pickup: string; destination: string }) {
  return (
    <span className="stack stack--close">
      <span className="trip-route__place">
        <span className="trip-route__dot trip-route__dot--origin" aria-hidden="true" />
        <span className="visually-hidden">Origen: </span>
        {pickup}
      </span>
      <span className="trip-route__place">
        <span className="trip-route__dot trip-route__dot--destination" aria-hidden="true" />
        <span className="visually-hidden">Destino: </span>
        {destination}
      </span>
    </span>
  );
}
