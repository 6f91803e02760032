import { limaDateKey } from '@jala/domain';

import { SelectField, TextField } from '@/components/ui/form-field';

import { KPI_PRESETS, type KpiPreset } from '../model/kpi-period';

export interface KpiFilterState {
  preset: KpiPreset;
  /** The custom period's days ('' until chosen). */
  from: string;
  to: string;
  district: string;
}

/** Period (Hoy, 7 días, 30 días, Personalizado: two dates) and district ('Todos los distritos' first). */
export function KpiFiltersBar({
  value,
  onChange,
  districts,
  errors,
}: {
  value: KpiFilterState;
  onChange: (next: KpiFilterState) => void;
  districts: readonly string[];
  /** The server's word on a date or the district (a 400), under its field. */
  errors?: { from?: string | undefined; to?: string | undefined; district?: string | undefined } | undefined;
}) {
  const today = limaDateKey(new Date());
  return (
    <div className="kpi-filters">
      <div className="ops-segmented" role="group" aria-label="Período">
        {KPI_PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="btn btn--ghost"
            aria-pressed={value.preset === preset.id}
            onClick={() => onChange({ ...value, preset: preset.id })}
          >
            {preset.label}
          </button>
        ))}
      </div>
      {value.preset === 'custom' && (
        <fieldset className="kpi-filters__dates">
          <legend className="visually-hidden">Fechas del período</legend>
          <TextField
            label="Desde"
            type="date"
            name="from"
            value={value.from}
            max={value.to || today}
            onChange={(event) => onChange({ ...value, from: event.target.value })}
            error={errors?.from}
          />
          <TextField
            label="Hasta"
            type="date"
            name="to"
            value={value.to}
            min={value.from || undefined}
            max={today}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
            error={errors?.to}
          />
        </fieldset>
      )}
      <SelectField
        label="Distrito"
        name="district"
        value={value.district}
        onChange={(event) => onChange({ ...value, district: event.target.value })}
        options={[{ value: '', label: 'Todos los distritos' }, ...districts.map((d) => ({ value: d, label: d }))]}
        error={errors?.district}
      />
    </div>
  );
}
