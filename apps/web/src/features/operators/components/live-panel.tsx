import type { LiveCity } from '@jala/contracts';
import { tripStatusLabelForOperators } from '@jala/domain';

import { errorMessage } from '@/lib/api/api-client';

import { useLiveCity } from '../hooks/use-live-city';
import { formatDateTime } from '../model/operators-format';

/** A plain plot of the points over their own bounding box: no tiles needed, readable on a phone. */
function CityPlot({ city }: { city: LiveCity }) {
  const points = [
    ...city.drivers.map((d) => ({ ...d, kind: d.vehicle_type as string })),
    ...city.trips.map((t) => ({ ...t, kind: 'trip' })),
  ];
  if (points.length === 0) return null;
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  const pad = 0.005;
  const [minLat, maxLat, minLng, maxLng] = [
    Math.min(...lats) - pad,
    Math.max(...lats) + pad,
    Math.min(...lngs) - pad,
    Math.max(...lngs) + pad,
  ];
  const x = (lng: number) => ((lng - minLng) / (maxLng - minLng)) * 100;
  const y = (lat: number) => ((maxLat - lat) / (maxLat - minLat)) * 100;
  return (
    <svg
      className="ops-plot"
      viewBox="0 0 100 100"
      role="img"
      aria-label={`Mapa: ${city.drivers.length} conductores en línea y ${city.trips.length} viajes activos`}
    >
      <rect x="0" y="0" width="100" height="100" className="ops-plot__ground" />
      {city.trips.map((t) => (
        <rect
          key={`t${t.id}`}
          x={x(t.longitude) - 1.6}
          y={y(t.latitude) - 1.6}
          width="3.2"
          height="3.2"
          className="ops-plot__trip"
        >
          <title>{`${t.trip_code}: ${tripStatusLabelForOperators(t.status)}`}</title>
        </rect>
      ))}
      {city.drivers.map((d) => (
        <circle
          key={`d${d.id}`}
          cx={x(d.longitude)}
          cy={y(d.latitude)}
          r="1.8"
          className={`ops-plot__driver ops-plot__driver--${d.vehicle_type}`}
        >
          <title>{d.name}</title>
        </circle>
      ))}
    </svg>
  );
}

export function LivePanel() {
  const { data, error, isPending } = useLiveCity();
  if (isPending) return <p role="status">Cargando ciudad en vivo...</p>;
  if (error)
    return (
      <p className="alert alert--error" role="alert">
        {errorMessage(error)}
      </p>
    );
  const autos = data.drivers.filter((d) => d.vehicle_type === 'auto').length;
  const motos = data.drivers.length - autos;
  const byStatus = new Map<string, number>();
  for (const trip of data.trips) byStatus.set(trip.status, (byStatus.get(trip.status) ?? 0) + 1);
  return (
    <div className="stack stack--loose">
      <div className="ops-stats">
        <p className="ops-stat">
          <strong>{autos}</strong> autos en línea
        </p>
        <p className="ops-stat">
          <strong>{motos}</strong> mototaxis en línea
        </p>
        {[...byStatus].map(([status, n]) => (
          <p key={status} className="ops-stat">
            <strong>{n}</strong> {tripStatusLabelForOperators(status).toLowerCase()}
          </p>
        ))}
      </div>
      <CityPlot city={data} />
      <p className="ops-legend">
        <span className="ops-dot ops-dot--auto" /> Auto <span className="ops-dot ops-dot--mototaxi" /> Mototaxi{' '}
        <span className="ops-dot ops-dot--trip" /> Viaje activo
      </p>
      <p className="ops-muted">Actualizado {formatDateTime(data.at)} · se actualiza solo.</p>
    </div>
  );
}
