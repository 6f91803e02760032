import { START_CODE_LENGTH } from '@jala/domain';
import { type FormEvent, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';

/** The passenger's side: the code to say aloud, or the lock notice after too many wrong codes. */
export function StartCodeCard({ code, locked }: { code: string | null; locked: boolean }) {
  if (locked) {
    return (
      <section className="card sf-code sf-code--locked" role="alert" data-testid="start-code-locked">
        <h2 className="section-title">No se pudo iniciar el viaje</h2>
        <p>
          El conductor ingresó un código incorrecto demasiadas veces. Revisa que la placa y el conductor sean los de la
          app antes de subir; si algo no coincide, no subas y cancela el viaje.
        </p>
      </section>
    );
  }
  if (!code) return null;
  return (
    <CardSection id="sf-code-title" title="Código de inicio" className="sf-code">
      <p className="sf-code__digits" data-testid="start-code" aria-label={`Código ${code.split('').join(' ')}`}>
        {code}
      </p>
      <p className="section-note">
        Díselo al conductor solo cuando estés dentro del auto correcto. Él lo necesita para iniciar el viaje.
      </p>
    </CardSection>
  );
}

/** The driver's side: type the passenger's code to start ('Iniciar viaje'). */
export function StartCodeForm({
  busy,
  disabled,
  onStart,
}: {
  busy: boolean;
  disabled: boolean;
  onStart: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const id = useId();
  const complete = code.length === START_CODE_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete) onStart(code);
  };
  return (
    <form className="sf-start" onSubmit={submit}>
      <label htmlFor={id} className="sf-start__label">
        Código del pasajero
      </label>
      <input
        id={id}
        className="input sf-start__input"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]*"
        maxLength={START_CODE_LENGTH}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, START_CODE_LENGTH))}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="section-note">
        Pídele al pasajero su código de {START_CODE_LENGTH} dígitos.
      </p>
      <Button type="submit" variant="primary" block disabled={disabled || !complete}>
        {busy ? 'Actualizando...' : 'Iniciar viaje'}
      </Button>
    </form>
  );
}
