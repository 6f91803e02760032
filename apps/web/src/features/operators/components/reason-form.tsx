import { useId, useState, type FormEvent } from 'react';

/**
 * A short form asking for a reason before an action that needs one (reject, suspend, cancel, resolve):
 * the reason is required, its error and the server's answer show right under the button pressed.
 */
export function ReasonForm({ label, submitLabel, onSubmit, danger = false, minLength = 5, placeholder }: {
  label: string;
  submitLabel: string;
  onSubmit: (reason: string) => Promise<unknown>;
  danger?: boolean;
  minLength?: number;
  placeholder?: string;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < minLength) {
      setError(`Escribe al menos ${minLength} caracteres.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(reason.trim());
      setReason('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No se pudo completar la acción.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ops-reason" onSubmit={(e) => void submit(e)} noValidate>
      <label className="field__label" htmlFor={id}>{label}</label>
      <textarea id={id} className="field__control ops-reason__input" rows={2} value={reason} placeholder={placeholder}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setReason(e.target.value)} maxLength={500} />
      {error && <p className="field__error" id={`${id}-error`} role="alert">{error}</p>}
      <button type="submit" className={`btn ${danger ? 'ops-btn--danger' : 'btn--ghost'}`} disabled={busy}>
        {busy ? 'Enviando...' : submitLabel}
      </button>
    </form>
  );
}
