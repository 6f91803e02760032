import 'leaflet/dist/leaflet.css';
import '@/features/map/trip-map.css';

import { decodePolyline, DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '@jala/domain';
import type { DivIcon, LatLngTuple, LeafletMouseEvent } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AttributionControl, MapContainer, Marker, Polyline, useMapEvents } from 'react-leaflet';

import type { MapPoint, TripMapProps } from '@/features/map/model/types';

import { BaseTileLayer } from './base-tile-layer';
import { destinationIcon, driverIcon, originIcon } from './map-markers';
import { MyLocationControl } from './my-location-control';
import { PeruOutlineLayer } from './peru-outline-layer';
import { fitTarget, ViewFitter } from './view-fitter';

// Credits as plain text: links 11 px tall in the map's corner are too small to tap on a phone (44 px).
const ATTRIBUTION_PREFIX = 'Leaflet · Lugares: GeoNames (CC BY 4.0)';
const ROUTE_STYLE = { color: '#1f4fd8', weight: 5, opacity: 0.85 } as const;

function TapHandler({ onTap }: { onTap: ((point: MapPoint) => void) | undefined }) {
  const onTapRef = useRef(onTap);
  useEffect(() => {
    onTapRef.current = onTap;
  }, [onTap]);
  useMapEvents({
    click: (event: LeafletMouseEvent) =>
      onTapRef.current?.({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  });
  return null;
}

function ReadyReporter({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

function decodeRoute(encoded: string | null | undefined): LatLngTuple[] {
  if (!encoded) return [];
  try {
    return decodePolyline(encoded);
  } catch (error) {
    console.warn('[map] undecodable route polyline ignored', error);
    return [];
  }
}

/** A marker the user reads but does not touch: `title` is its tooltip and its accessible name (alt). */
function PointMarker({
  point,
  icon,
  title,
  zIndexOffset,
}: {
  point: MapPoint;
  icon: DivIcon;
  title: string;
  zIndexOffset?: number;
}) {
  return (
    <Marker
      position={[point.latitude, point.longitude]}
      icon={icon}
      title={title}
      alt={title}
      interactive={false}
      keyboard={false}
      {...(zIndexOffset === undefined ? {} : { zIndexOffset })}
    />
  );
}

const samePoint = (p: MapPoint | null | undefined): string => (p ? `${p.latitude},${p.longitude}` : '');

/** The Leaflet map itself (lazy chunk). Props are documented on TripMapProps in ../types.ts. */
export function TripMapView(props: TripMapProps & { onReady: () => void }) {
  const {
    origin,
    destination,
    routePolyline,
    driverPosition,
    onTap,
    selectionBanner,
    markerTitles,
    fitTo = 'route',
    initialCenter,
    onReady,
  } = props;
  const [tilesFailing, setTilesFailing] = useState(false);
  const route = useMemo(() => decodeRoute(routePolyline), [routePolyline]);
  const center = initialCenter ?? DEFAULT_MAP_CENTER;

  const originKey = samePoint(origin);
  const destinationKey = samePoint(destination);
  const hasDriver = Boolean(driverPosition);
  // Recomputed only when what is fitted changes (not on every driver move).
  const target = useMemo(
    () => fitTarget(fitTo, { origin, destination, driver: driverPosition, route }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by value, driver by presence
    [fitTo, originKey, destinationKey, hasDriver, route],
  );

  return (
    <div className={`jala-map${onTap ? ' jala-map--tappable' : ''}`}>
      <MapContainer
        className="jala-map__canvas"
        center={[center.latitude, center.longitude]}
        zoom={DEFAULT_MAP_ZOOM}
        zoomControl
        attributionControl={false}
        // Leaflet's keyboard panning needs the container focusable; it keeps its own aria handling.
        keyboard
      >
        <AttributionControl position="bottomright" prefix={ATTRIBUTION_PREFIX} />
        <PeruOutlineLayer />
        <BaseTileLayer onFailingChange={setTilesFailing} />
        {route.length > 1 && <Polyline positions={route} pathOptions={ROUTE_STYLE} interactive={false} />}
        {origin && (
          <PointMarker
            key={`o:${originKey}`}
            point={origin}
            icon={originIcon}
            title={markerTitles?.origin ?? 'Origen'}
          />
        )}
        {destination && (
          <PointMarker
            key={`d:${destinationKey}`}
            point={destination}
            icon={destinationIcon}
            title={markerTitles?.destination ?? 'Destino'}
          />
        )}
        {driverPosition && (
          <PointMarker
            point={driverPosition}
            icon={driverIcon}
            title={markerTitles?.driver ?? 'Conductor'}
            zIndexOffset={1000}
          />
        )}
        <MyLocationControl />
        <TapHandler onTap={onTap} />
        <ViewFitter target={target} />
        <ReadyReporter onReady={onReady} />
      </MapContainer>
      {selectionBanner && (
        <p className="jala-map__banner" role="status">
          {selectionBanner}
        </p>
      )}
      {tilesFailing && <p className="jala-map__offline">Sin mapa de calles: revisa tu conexión</p>}
    </div>
  );
}
