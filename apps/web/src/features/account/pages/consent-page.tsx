import '../account.css';

import { APP_NAME, formatLimaDate, LEGAL_VERSION, limaDayStart } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { ErrorBanner } from '@/components/ui/form-field';
import { LogoMark } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';

import { LegalLinks } from '../components/legal-links';
import { CONSENT_LABEL, CONSENT_REQUIRED } from '../model/consent';

/**
 * The consent screen: an account that has not accepted the current version of the 'Términos y condiciones'
 * and the 'Política de privacidad' (the server says so: `consent_required`) sees it in place of any signed-in
 * page (app/route-guards.tsx) until it accepts; 'Cerrar sesión' is the other way out.
 */
export function ConsentPage() {
  const acceptTerms = useSession((s) => s.acceptTerms);
  const logout = useSession((s) => s.logout);
  const firstName = useSession((s) => s.user?.first_name);
  const [ticked, setTicked] = useState(false);
  const [missing, setMissing] = useState(false);
  const accept = useMutation({ mutationFn: acceptTerms });
  useEffect(() => {
    document.title = `Términos actualizados · ${APP_NAME}`;
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!ticked) {
      setMissing(true);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      return;
    }
    accept.mutate();
  };

  return (
    <div className="auth-screen">
      <div className="auth-screen__brand">
        <LogoMark size={48} />
        <span className="auth-screen__name">{APP_NAME}</span>
      </div>
      <main className="auth-card" data-testid="consent-screen">
        <h1 className="auth-card__title">Actualizamos nuestros términos</h1>
        <p className="auth-card__subtitle">
          Hola{firstName ? `, ${firstName}` : ''}. Para seguir usando {APP_NAME}, lee y acepta la versión del{' '}
          {formatLimaDate(limaDayStart(LEGAL_VERSION))} de los Términos y condiciones y de la Política de privacidad.
        </p>
        <form className="form" noValidate onSubmit={onSubmit}>
          <ErrorBanner message={accept.isError ? errorMessage(accept.error) : null} />
          <LegalLinks />
          <CheckField
            name="accept_terms"
            label={CONSENT_LABEL}
            checked={ticked}
            onChange={(event) => {
              setTicked(event.target.checked);
              setMissing(false);
            }}
            error={missing ? CONSENT_REQUIRED : undefined}
          />
          <Button type="submit" variant="primary" block disabled={accept.isPending}>
            {accept.isPending ? 'Guardando...' : 'Aceptar y continuar'}
          </Button>
          <Button variant="ghost" block onClick={() => void logout()}>
            Cerrar sesión
          </Button>
        </form>
      </main>
    </div>
  );
}
