import { APP_NAME } from '@jala/domain';
import { useEffect } from 'react';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/icons';

export function NotFoundPage() {
  useEffect(() => {
    document.title = `Página no encontrada · ${APP_NAME}`;
  }, []);
  return (
    <main className="not-found">
      <LogoMark size={56} />
      <p className="not-found__code">404</p>
      <h1 className="not-found__title">Página no encontrada</h1>
      <p className="not-found__text">La dirección que buscas no existe o fue movida.</p>
      <Link to="/" className={buttonClassName({ variant: 'primary' })}>
        Volver al inicio
      </Link>
    </main>
  );
}
