import type { Kpis } from '@jala/contracts';

import {
  cancelReasonLabel,
  formatCount,
  formatDecimal,
  formatMoney,
  formatRatio,
  formatShare,
  formatWait,
  paymentMethodLabel,
  SIDE_LABELS,
} from './kpi-format';

/** One cell: the value the CSV carries (plain number, '.' decimals) and the text the screen shows. */
export interface KpiCell {
  value: string | number | null;
  text: string;
}

/** The table behind one chart: shown under it for accessibility and exported as CSV. */
export interface KpiTable {
  id: string;
  title: string;
  /** The CSV's file name (without the period, which the export adds). */
  file: string;
  headers: string[];
  rows: KpiCell[][];
}

const count = (n: number): KpiCell => ({ value: n, text: formatCount(n) });
const label = (text: string): KpiCell => ({ value: text, text });
const seconds = (s: number | null): KpiCell => ({ value: s, text: formatWait(s) });
const share = (part: number, whole: number): KpiCell => ({
  value: whole > 0 ? Math.round((part / whole) * 1000) / 10 : null,
  text: formatShare(part, whole),
});

export function requestsTable(k: Kpis): KpiTable {
  const { total, with_offer, accepted, completed } = k.requests;
  return {
    id: 'solicitudes',
    title: 'Solicitudes',
    file: 'solicitudes',
    headers: ['Indicador', 'Viajes', '% de las solicitudes'],
    rows: [
      [label('Solicitudes'), count(total), share(total, total)],
      [label('Con al menos una oferta'), count(with_offer), share(with_offer, total)],
      [label('Aceptadas'), count(accepted), share(accepted, total)],
      [label('Completadas'), count(completed), share(completed, total)],
    ],
  };
}

export function waitsTable(k: Kpis): KpiTable {
  return {
    id: 'esperas',
    title: 'Tiempos de espera (solicitudes inmediatas)',
    file: 'tiempos-de-espera',
    headers: ['Medida', 'Mediana (s)', 'P90 (s)'],
    rows: [
      [label('Hasta la primera oferta'), seconds(k.waits.first_offer_median), seconds(k.waits.first_offer_p90)],
      [label('Hasta la aceptación'), seconds(k.waits.acceptance_median), seconds(k.waits.acceptance_p90)],
    ],
  };
}

export function cancellationsTable(k: Kpis): KpiTable {
  return {
    id: 'cancelaciones',
    title: 'Cancelaciones por lado y motivo',
    file: 'cancelaciones',
    headers: ['Lado', 'Motivo', 'Viajes'],
    rows: k.cancellations.map((c) => [
      label(SIDE_LABELS[c.side] ?? c.side),
      label(cancelReasonLabel(c.reason)),
      count(c.trips),
    ]),
  };
}

export function attendanceTable(k: Kpis): KpiTable {
  const b = k.bookings;
  return {
    id: 'programados',
    title: 'No-shows y viajes programados',
    file: 'no-shows-y-programados',
    headers: ['Indicador', 'Cantidad'],
    rows: [
      [label('No-show del pasajero (el conductor llegó y canceló)'), count(k.no_shows.passenger)],
      [label('No-show del conductor (programado devuelto a la hora o después)'), count(k.no_shows.driver)],
      [label('Viajes programados'), count(b.total)],
      [label('Programados completados'), count(b.completed)],
      [label('Programados cancelados por el pasajero'), count(b.cancelled_by_passenger)],
      [label('Programados cancelados por el conductor'), count(b.cancelled_by_driver)],
      [label('Programados sin conductor (cancelados por el sistema)'), count(b.cancelled_by_system)],
      [label('Programados aún pendientes'), count(b.open)],
      [label('Programados devueltos por su conductor'), count(b.driver_releases)],
    ],
  };
}

export function pricesTable(k: Kpis): KpiTable {
  const p = k.prices;
  return {
    id: 'precios',
    title: 'Precio acordado',
    file: 'precios',
    headers: ['Medida', 'Valor'],
    rows: [
      [label('Viajes con precio acordado'), count(p.agreed_trips)],
      [label('Mediana del precio acordado (S/)'), { value: p.agreed_median, text: formatMoney(p.agreed_median) }],
      [label('Mediana de acordado ÷ pedido'), { value: p.agreed_vs_asked, text: formatRatio(p.agreed_vs_asked) }],
      [
        label('Mediana de acordado ÷ estimado'),
        { value: p.agreed_vs_estimated, text: formatRatio(p.agreed_vs_estimated) },
      ],
    ],
  };
}

export function paymentsTable(k: Kpis): KpiTable {
  return {
    id: 'pagos',
    title: 'Métodos de pago (viajes completados)',
    file: 'metodos-de-pago',
    headers: ['Método', 'Viajes', 'Monto (S/)'],
    rows: k.payment_methods.map((m) => [
      label(paymentMethodLabel(m.method)),
      count(m.trips),
      { value: m.amount, text: formatMoney(m.amount) },
    ]),
  };
}

export function casesTable(k: Kpis): KpiTable {
  const c = k.payment_cases;
  return {
    id: 'casos',
    title: 'Casos de pago y alertas SOS',
    file: 'casos-y-alertas',
    headers: ['Indicador', 'Cantidad'],
    rows: [
      [label('Casos de pago abiertos'), count(c.open)],
      [label('Casos resueltos: pagado'), count(c.resolved_paid)],
      [label('Casos resueltos: no pagado'), count(c.resolved_unpaid)],
      [label('Alertas SOS'), count(k.sos.total)],
      [label('Alertas SOS resueltas'), count(k.sos.resolved)],
      [label('Pasajeros activos'), count(k.active_passengers)],
      [label('Conductores con viajes completados'), count(k.active_drivers)],
    ],
  };
}

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function onlineTable(k: Kpis): KpiTable {
  return {
    id: 'en-linea',
    title: 'Conductores en línea por hora del día',
    file: 'conductores-en-linea',
    headers: ['Hora', 'Promedio por día', 'Máximo en un día'],
    rows: k.drivers_online.map((h) => [
      label(hourLabel(h.hour)),
      { value: h.average, text: formatDecimal(h.average) },
      count(h.peak),
    ]),
  };
}

export function unmatchedTable(k: Kpis): KpiTable {
  const coordinate = (n: number): KpiCell => ({ value: n, text: n.toFixed(4) });
  return {
    id: 'sin-oferta',
    title: 'Solicitudes sin oferta por zona (celdas de ~1 km)',
    file: 'solicitudes-sin-oferta',
    headers: ['Latitud', 'Longitud', 'Solicitudes'],
    rows: k.unmatched_cells.map((c) => [coordinate(c.latitude), coordinate(c.longitude), count(c.requests)]),
  };
}

/** Every table of the page, in the order shown. */
export const kpiTables = (k: Kpis): KpiTable[] => [
  requestsTable(k),
  waitsTable(k),
  cancellationsTable(k),
  attendanceTable(k),
  pricesTable(k),
  paymentsTable(k),
  casesTable(k),
  onlineTable(k),
  unmatchedTable(k),
];
