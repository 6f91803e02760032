/**
 * A completed trip's receipt as a PDF, written with pdfkit on the server so the web bundle carries no PDF
 * library. Names and addresses are whatever people typed — Spanish, Quechua, Arabic, Hebrew, Cyrillic, an
 * emoji — so the text is drawn with embedded Unicode fonts (receipt-fonts.ts, receipt-text.ts), not pdfkit's
 * WinAnsi-only standard fonts. test/trips/receipt-pdf.test.ts reads the text back with pdftotext.
 */
import { fareAdjustmentLabel, type TripReceipt } from '@jala/contracts';
import { endedFarFromDestinationText, formatLimaDate, formatSoles, taxIdKind } from '@jala/domain';
import PDFDocument from 'pdfkit';

import { useReceiptFonts } from './receipt-fonts';
import { skipLines, writeText } from './receipt-text';

const LIMA = 'America/Lima';
const timeFormat = new Intl.DateTimeFormat('es-PE', {
  timeZone: LIMA,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const time = (iso: string | null) => (iso ? timeFormat.format(new Date(iso)) : '—');

/** One "label: value" line of the receipt; `strong` for the total. */
interface ReceiptLine {
  label: string;
  value: string;
  strong?: boolean;
}

/** What the receipt says, in reading order: the same facts as the receipt page. */
export function receiptLines(r: TripReceipt, taxId: string | null): ReceiptLine[] {
  const kind = taxId ? taxIdKind(taxId) : null;
  return [
    { label: 'Código de viaje', value: r.trip_code },
    // The app's one date format ('27 nov 2026'), as the receipt page and the phone write it.
    { label: 'Fecha', value: formatLimaDate(r.completed_at) },
    {
      label: 'Horas',
      value: `Solicitado ${time(r.requested_at)} · Aceptado ${time(r.accepted_at)} · Inicio ${time(r.started_at)} · Llegada ${time(r.completed_at)}`,
    },
    { label: 'Origen', value: r.pickup_address },
    { label: 'Destino', value: r.destination_address },
    ...(r.ended_far_from_destination_m !== null
      ? [{ label: 'Fin del viaje', value: endedFarFromDestinationText(r.ended_far_from_destination_m) }]
      : []),
    { label: 'Servicio', value: `${r.service_type} · ${r.distance_km.toFixed(1)} km` },
    { label: 'Precio acordado', value: formatSoles(r.agreed_fare) },
    ...r.adjustments.map((a) => ({ label: 'Ajuste aceptado', value: fareAdjustmentLabel(a) })),
    { label: 'Total', value: formatSoles(r.total), strong: true },
    { label: 'Método de pago', value: r.payment_text ?? r.payment_method },
    { label: 'Conductor', value: r.driver_name },
    ...(r.vehicle ? [{ label: 'Vehículo', value: r.vehicle }] : []),
    { label: 'Pasajero', value: r.passenger_name },
    ...(taxId && kind ? [{ label: kind, value: taxId }] : []),
  ];
}

/** The PDF bytes of a receipt; `taxId` (a DNI or RUC already validated) is printed when given. */
export function receiptPdf(receipt: TripReceipt, taxId: string | null): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    // No default Helvetica: every text is drawn with the embedded fonts, so pdfkit need not load or write it.
    font: '',
    info: { Title: `Recibo de viaje ${receipt.trip_code}`, Author: 'Jala', Subject: 'Recibo de viaje' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  useReceiptFonts(doc);
  const width = doc.page.width - 72;
  writeText(doc, 'Jala', { weight: 'bold', size: 20, color: '#0f766e', width });
  writeText(doc, 'Recibo de viaje', { weight: 'regular', size: 12, color: '#111827', width });
  skipLines(doc, 0.8, 12);

  for (const line of receiptLines(receipt, taxId)) {
    writeText(doc, line.label.toUpperCase(), { weight: 'regular', size: 8, color: '#4b5563', width });
    const size = line.strong ? 14 : 10.5;
    writeText(doc, line.value, { weight: line.strong ? 'bold' : 'regular', size, color: '#111827', width });
    skipLines(doc, 0.45, size);
  }

  skipLines(doc, 0.6, 10.5);
  writeText(
    doc,
    'Recibo para tus registros: no es un comprobante de pago electrónico de SUNAT. El pago se hizo directamente al conductor.',
    { weight: 'regular', size: 8, color: '#4b5563', width },
  );
  doc.end();
  return done;
}
