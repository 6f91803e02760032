import '../bookings.css';

import { BOOKING_MAX_LEAD_DAYS, BOOKING_MIN_LEAD_MINUTES, scheduledLabel } from '@jala/domain';
import { useId } from 'react';

import { InlineError } from '@/components/ui/form-field';

import { bookingDayOptions, bookingTimeOptions, chosenScheduledFor, useBookingChoice } from '../model/booking-time';

/**
 * "¿Cuándo?" on the wizard's last step: "Ahora" (a live request) or "Programar" with a day and a time in
 * Lima, 5-minute steps, 30 minutes to 7 days ahead. `now` is the clock the options are built from.
 */
export function WhenChoice({ now = new Date(), disabled = false }: { now?: Date; disabled?: boolean }) {
  const { mode, day, time, error, setMode, setDay, setTime } = useBookingChoice();
  const dayId = useId();
  const timeId = useId();
  const errorId = useId();
  const scheduledFor = chosenScheduledFor({ mode, day, time });
  return (
    <fieldset className="bk-when" disabled={disabled}>
      <legend className="field__label">¿Cuándo?</legend>
      <div className="bk-when__modes" role="radiogroup" aria-label="¿Cuándo?">
        {(['now', 'scheduled'] as const).map((value) => (
          <label key={value} className={`bk-when__mode${mode === value ? ' bk-when__mode--on' : ''}`}>
            <input
              type="radio"
              name="when"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value, now)}
            />
            {value === 'now' ? 'Ahora' : 'Programar'}
          </label>
        ))}
      </div>
      {mode === 'scheduled' && (
        <div className="bk-when__pickers">
          <div className="field">
            <label className="field__label" htmlFor={dayId}>
              Día
            </label>
            <select
              id={dayId}
              className="field__control field__control--select"
              value={day ?? ''}
              onChange={(e) => setDay(e.target.value, now)}
            >
              {bookingDayOptions(now).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={timeId}>
              Hora (Lima)
            </label>
            <select
              id={timeId}
              className="field__control field__control--select"
              value={time ?? ''}
              onChange={(e) => setTime(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            >
              {(day ? bookingTimeOptions(day, now) : []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <p className="bk-when__hint">
            Desde {BOOKING_MIN_LEAD_MINUTES} minutos hasta {BOOKING_MAX_LEAD_DAYS} días antes. Cancelar es gratis hasta
            1 hora antes.
          </p>
          {scheduledFor && (
            <p className="bk-when__chosen" role="status">
              {scheduledLabel(new Date(scheduledFor))}
            </p>
          )}
          <div id={errorId} className="bk-when__error">
            <InlineError message={error} />
          </div>
        </div>
      )}
    </fieldset>
  );
}
