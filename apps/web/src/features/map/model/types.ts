import type { Coordinates } from '@jala/domain';

/** A point on the map (same shape as the domain's Coordinates). */
export type MapPoint = Coordinates;

/** What the map is doing, as reported to its parent (e.g. to disable 'Confirmar Viaje' while it loads). */
export type MapStatus = { state: 'loading' } | { state: 'ready' } | { state: 'error'; message: string };

/**
 * How the view follows the content:
 * - 'route' (default): fits the route with 50 px padding once it exists; before that, centres on the single point set.
 * - 'markers': fits every marker present (origin, destination, driver) plus the route.
 * - 'none': never moves the view by itself.
 * The view is fitted again only when what it fits changes (a new route, a marker appearing or a point
 * moving to a new place), never on a mere driver position update, so users can pan freely.
 */
export type MapFitMode = 'route' | 'markers' | 'none';

export interface MarkerTitles {
  /** Default 'Origen'. The driver's active trip uses 'Punto de recojo'. */
  origin?: string;
  /** Default 'Destino'. */
  destination?: string;
  /** Default 'Conductor'. */
  driver?: string;
}

export interface TripMapProps {
  /** Blue marker. */
  origin?: MapPoint | null;
  /** Red marker. */
  destination?: MapPoint | null;
  /** Encoded route polyline (Google algorithm, precision 5); an undecodable string draws nothing. */
  routePolyline?: string | null;
  /** Car marker, moved in place when the position changes. */
  driverPosition?: MapPoint | null;
  /** Called with the tapped point. Without it taps do nothing. */
  onTap?: (point: MapPoint) => void;
  /** Pulsing banner over the map, e.g. 'Toca en el mapa para elegir origen'; hidden when empty. */
  selectionBanner?: string | null;
  markerTitles?: MarkerTitles;
  fitTo?: MapFitMode;
  /** Initial centre; defaults to DEFAULT_MAP_CENTER (central Peru) at zoom 14. */
  initialCenter?: MapPoint;
  /** Loading, ready or failed (the error clears once the map is ready). */
  onStatusChange?: (status: MapStatus) => void;
  /** Accessible name of the map region. Default 'Mapa'. */
  label?: string;
  /** Extra class on the outer element; the map fills its parent. */
  className?: string;
}
