import '../password.css';

import { type PasswordResetConfirm, zPasswordResetConfirm } from '@jala/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button, buttonClassName } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/form-field';
import { RetryAlert } from '@/components/ui/retry-alert';
import { AuthLayout } from '@/features/auth';
import { errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';

import { checkResetLink, PASSWORD_ERRORS, resetPassword } from '../api/password-api';
import { NewPasswordFields } from '../components/new-password-fields';
import { OwnQueryCache } from '../components/own-query-cache';
import { deadLinkMessage, INVALID_RESET_LINK_MESSAGE, isTokenShaped } from '../model/reset-link';

type NewPasswordValues = Omit<PasswordResetConfirm, 'token'>;

/** What /login shows after a reset (the login page reads it from the navigation's state). */
export interface PasswordResetDone {
  passwordReset: true;
  email: string;
}

const ASK_AGAIN = (
  <>
    ¿La recordaste? <Link to="/login">Inicia sesión</Link>
  </>
);

/** A link that no longer works: why, and the way to a new one. */
function DeadLink({ message }: { message: string }) {
  return (
    <AuthLayout title="Este enlace ya no sirve" subtitle="Puedes pedir uno nuevo ahora mismo." footer={ASK_AGAIN}>
      <div className="stack">
        <p className="alert alert--error" role="alert">
          {message}
        </p>
        <Link className={buttonClassName({ variant: 'primary', block: true })} to="/recuperar-contrasena">
          Pedir un enlace nuevo
        </Link>
      </div>
    </AuthLayout>
  );
}

function NewPasswordForm({ token, email, onDead }: { token: string; email: string; onDead: (why: string) => void }) {
  const navigate = useNavigate();
  const { formRef, banner, field, onSubmit } = useSchemaForm<NewPasswordValues, PasswordResetConfirm>({
    resolver: contractResolver<NewPasswordValues, PasswordResetConfirm>(zPasswordResetConfirm, (values) => ({
      ...values,
      token,
    })),
    defaultValues: { password: '', password_confirmation: '' },
    fallbackError: PASSWORD_ERRORS.reset,
  });
  const saving = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      // The server ended every session of the account, this browser's too if it had one.
      const session = useSession.getState();
      if (session.token) session.clearSession('logout');
      const done: PasswordResetDone = { passwordReset: true, email };
      navigate('/login', { replace: true, state: done });
    },
  });
  const submit = async (payload: PasswordResetConfirm) => {
    try {
      await saving.mutateAsync(payload);
    } catch (error) {
      const dead = deadLinkMessage(error);
      if (dead) onDead(dead);
      else throw error;
    }
  };

  return (
    <AuthLayout
      title="Elige una nueva contraseña"
      subtitle="Al guardarla cerramos todas las sesiones abiertas de tu cuenta."
      footer={ASK_AGAIN}
    >
      <form className="form" noValidate onSubmit={onSubmit(submit)} ref={formRef}>
        <ErrorBanner message={banner} />
        <p className="pw-account">
          Cuenta: <strong className="pw-email">{email}</strong>
        </p>
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields password={field('password')} confirmation={field('password_confirmation')} />
        <Button type="submit" variant="primary" block disabled={saving.isPending}>
          {saving.isPending ? 'Guardando...' : 'Guardar contraseña'}
        </Button>
      </form>
    </AuthLayout>
  );
}

/**
 * The page a reset mail links to (`/restablecer-contrasena?token=…`), open with or without a session: the link
 * is checked first, so nobody types a new password into a dead one; a dead link says why and leads to a new one.
 * After the change the person signs in again (every session ended), the login page saying so.
 */
export function ResetPasswordPage() {
  return (
    <OwnQueryCache>
      <ResetPasswordView />
    </OwnQueryCache>
  );
}

function ResetPasswordView() {
  const token = useSearchParams()[0].get('token');
  const shaped = isTokenShaped(token);
  const [dead, setDead] = useState<string | null>(null);
  const link = useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: () => checkResetLink(token ?? ''),
    enabled: shaped,
    retry: false,
    staleTime: Infinity,
  });

  if (!shaped) return <DeadLink message={INVALID_RESET_LINK_MESSAGE} />;
  if (dead) return <DeadLink message={dead} />;
  if (link.isError) {
    const why = deadLinkMessage(link.error);
    if (why) return <DeadLink message={why} />;
    return (
      <AuthLayout title="Elige una nueva contraseña" subtitle="Revisamos tu enlace." footer={ASK_AGAIN}>
        <RetryAlert message={errorMessage(link.error, PASSWORD_ERRORS.check)} onRetry={() => void link.refetch()} />
      </AuthLayout>
    );
  }
  if (!link.data) {
    return (
      <AuthLayout title="Elige una nueva contraseña" subtitle="Revisamos tu enlace." footer={ASK_AGAIN}>
        <p className="pw-muted" role="status">
          Revisando el enlace...
        </p>
      </AuthLayout>
    );
  }
  return <NewPasswordForm token={token} email={link.data.email} onDead={setDead} />;
}
