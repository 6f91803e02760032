import { useEffect, useRef } from 'react';

/** Small in-page loading line (the full-screen loader is for routes). */
export function InlineLoading({ text }: { text: string }) {
  return (
    <div className="drv-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** Green confirmation with the server's message, scrolled into view when it appears (forms are long on phones). */
export function SuccessBanner({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  if (!message) return null;
  return (
    <div className="alert drv-alert-success drv-success" role="status" ref={ref}>
      {message}
    </div>
  );
}
