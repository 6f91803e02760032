import { limaDateKey } from '@jala/domain';
import { useMemo } from 'react';

import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';

import { CUSTOM_PERIOD, type DayRange, historyPeriods, periodOf } from '../model/history-periods';

/**
 * 'Periodo' of 'Mis viajes': one menu (all time, today, yesterday, the last 7 or 30 days, a month by name) and,
 * under 'Elegir fechas…', 'Desde' / 'Hasta' for any range of Lima days (both included, none after today, each
 * end keeping the other from crossing it). A range in the address that is no preset opens the dates.
 */
export function HistoryPeriodPicker({
  range,
  onChange,
  choosingDates,
  onChoosingDates,
  error,
}: {
  range: DayRange;
  onChange: (range: DayRange) => void;
  /** 'Elegir fechas…' was chosen: the dates stay open even while both are still empty. */
  choosingDates: boolean;
  onChoosingDates: (choosing: boolean) => void;
  /** The server's word on a date (a 400 on `from` or `to`), under its field. */
  error?: { from?: string | undefined; to?: string | undefined } | undefined;
}) {
  const periods = useMemo(() => historyPeriods(), []);
  const chosen = choosingDates ? CUSTOM_PERIOD : periodOf(periods, range);
  const today = limaDateKey(new Date());

  const choose = (value: string): void => {
    const period = periods.find((p) => p.value === value);
    onChoosingDates(value === CUSTOM_PERIOD);
    if (period?.range) onChange(period.range);
  };

  return (
    <div className="drv-history-period">
      <SelectField
        label="Periodo"
        name="periodo"
        value={chosen}
        onChange={(event) => choose(event.target.value)}
        options={periods.map(({ value, label }) => ({ value, label }))}
      />
      {chosen === CUSTOM_PERIOD && (
        <fieldset className="drv-history-dates">
          <legend className="visually-hidden">Fechas del periodo</legend>
          <TextField
            label="Desde"
            type="date"
            name="from"
            value={range.from}
            max={range.to || today}
            onChange={(event) => onChange({ ...range, from: event.target.value })}
            error={error?.from}
          />
          <TextField
            label="Hasta"
            type="date"
            name="to"
            value={range.to}
            min={range.from || undefined}
            max={today}
            onChange={(event) => onChange({ ...range, to: event.target.value })}
            error={error?.to}
          />
          <Button
            variant="ghost"
            className="drv-history-dates__clear"
            onClick={() => {
              onChoosingDates(false);
              onChange({ from: '', to: '' });
            }}
          >
            Quitar fechas
          </Button>
        </fieldset>
      )}
    </div>
  );
}
