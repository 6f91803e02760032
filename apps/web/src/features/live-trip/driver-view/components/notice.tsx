/** A dismissible information line (used instead of window.alert, which blocks the page). */
export function Notice({
  message,
  tone = 'info',
  onDismiss,
}: {
  message: string;
  tone?: 'info' | 'success' | 'error';
  onDismiss?: () => void;
}) {
  return (
    <div className={`dt-notice dt-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <p className="dt-notice__text">{message}</p>
      {onDismiss && (
        <button type="button" className="dt-notice__close" onClick={onDismiss} aria-label="Cerrar aviso">
          ✕
        </button>
      )}
    </div>
  );
}
