/** Spec §2: the yellow box shown when the driver's position cannot be watched. */
import { Button } from '@/components/ui/button';
export const GEOLOCATION_REQUIRED_TITLE = '¡Activa la ubicación para recibir viajes!';

export const GEOLOCATION_TIPS = [
  'Verifica que el GPS de tu celular esté encendido.',
  'Concede a Jala el permiso de ubicación en tu navegador.',
  'Revisa la configuración de ubicación de tu móvil.',
] as const;

export function GeolocationRequired({
  error,
  onRetry = () => window.location.reload(),
}: {
  error: string;
  onRetry?: () => void;
}) {
  return (
    <section className="dt-geo-box" role="alert" aria-labelledby="dt-geo-title">
      <h2 id="dt-geo-title" className="dt-geo-box__title">
        {GEOLOCATION_REQUIRED_TITLE}
      </h2>
      <p className="dt-geo-box__error">{error}</p>
      <ul className="dt-geo-box__tips">
        {GEOLOCATION_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <Button variant="accent" block onClick={onRetry}>
        Reintentar
      </Button>
    </section>
  );
}
