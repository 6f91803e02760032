/** Full-screen loading state used by session wrappers and a page opened cold, before any layout exists. */
export function FullScreenLoader({ message = 'Cargando...' }: { message?: string }) {
  return (
    <div className="fullscreen-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p className="fullscreen-loader__text">{message}</p>
    </div>
  );
}

/**
 * A page's loading state inside the layout, header and navigation kept around it: a signed-in page opened
 * cold while its chunk arrives (moving between pages keeps the previous page instead, see app/page-suspense).
 */
export function PageLoader({ message = 'Cargando...' }: { message?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spinner page-loader__spinner" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
