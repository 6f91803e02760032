/** Full-screen loading state used by route fallbacks and session wrappers. */
export function FullScreenLoader({ message = 'Cargando...' }: { message?: string }) {
  return (
    <div className="fullscreen-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p className="fullscreen-loader__text">{message}</p>
    </div>
  );
}
