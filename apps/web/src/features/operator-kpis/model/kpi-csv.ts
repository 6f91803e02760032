import type { KpiTable } from './kpi-tables';

/** Excel reads a UTF-8 file as such (accents intact) only when it starts with a byte order mark. */
const BOM = '\uFEFF';

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV: BOM, Spanish headers, plain values ('.' decimals), CRLF lines as Excel writes them. */
export function tableCsv(table: KpiTable): string {
  const lines = [table.headers, ...table.rows.map((row) => row.map((cell) => cell.value))];
  return `${BOM}${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** 'indicadores-solicitudes-2026-03-01-a-2026-03-30[-miraflores].csv' */
export function csvFileName(table: KpiTable, period: { from: string; to: string; district: string | null }): string {
  const place = period.district
    ? `-${period.district
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')}`
    : '';
  return `indicadores-${table.file}-${period.from}-a-${period.to}${place}.csv`;
}
