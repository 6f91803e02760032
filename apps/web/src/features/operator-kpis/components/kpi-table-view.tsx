import { saveFile } from '@/lib/save-file';

import { csvFileName, tableCsv } from '../model/kpi-csv';
import type { KpiTable } from '../model/kpi-tables';

/** The table behind a chart (its accessible alternative), with 'Descargar CSV'. */
export function KpiTableView({
  table,
  period,
}: {
  table: KpiTable;
  period: { from: string; to: string; district: string | null };
}) {
  const download = () =>
    saveFile(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }), csvFileName(table, period));
  return (
    <div className="kpi-table">
      {table.rows.length === 0 ? (
        <p className="ops-muted">Sin datos en este período.</p>
      ) : (
        // A table wider than the phone scrolls sideways: focusable and named, so a keyboard can scroll it too.
        <div className="kpi-table__scroll" data-scroll-x tabIndex={0} role="region" aria-label={table.title}>
          <table>
            <caption className="visually-hidden">{table.title}</caption>
            <thead>
              <tr>
                {table.headers.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell.text}
                      </th>
                    ) : (
                      <td key={j} className={typeof cell.value === 'string' ? 'kpi-table__text' : undefined}>
                        {cell.text}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" className="btn btn--ghost kpi-table__csv" onClick={download}>
        Descargar CSV<span className="visually-hidden">: {table.title}</span>
      </button>
    </div>
  );
}
