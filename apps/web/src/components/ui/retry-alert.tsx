import { Button } from './button';

/** A load that failed: the reason (Spanish, from the server or a fallback) in the red banner, with 'Reintentar'. */
export function RetryAlert({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={className ? `alert alert--error ${className}` : 'alert alert--error'} role="alert">
      <p>{message}</p>
      <Button variant="ghost" onClick={onRetry}>
        Reintentar
      </Button>
    </div>
  );
}
