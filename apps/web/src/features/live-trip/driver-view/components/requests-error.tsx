import { Link } from 'react-router';

interface FixLink {
  to: string;
  label: string;
}

/**
 * Where the driver can fix what keeps requests away. The server's 409 messages name the place
 * ('Conéctate en "Estado"', 'pendiente de verificación', 'Registra tu perfil de conductor', 'Recarga tu saldo').
 */
export function requestsErrorFix(message: string): FixLink | null {
  const text = message.toLowerCase();
  if (text.includes('registra tu perfil')) return { to: '/driver/profile', label: 'Ir a mi perfil de conductor' };
  if (text.includes('recarga tu saldo')) return { to: '/driver/saldo', label: 'Ver mi Saldo con Jala' };
  if (
    text.includes('estado') ||
    text.includes('desconectado') ||
    text.includes('verificación') ||
    text.includes('vehículo')
  ) {
    return { to: '/driver/status', label: 'Ir a Estado del Conductor' };
  }
  return null;
}

/** The store error of spec §2, shown with a cross. */
export function RequestsError({ message }: { message: string }) {
  const fix = requestsErrorFix(message);
  return (
    <div className="alert alert--error dt-error" role="alert">
      <span className="dt-error__cross" aria-hidden="true">
        ✕
      </span>
      <div className="dt-error__body">
        <p>{message}</p>
        {fix && (
          <Link to={fix.to} className="dt-error__link">
            {fix.label}
          </Link>
        )}
      </div>
    </div>
  );
}
