import '../password.css';

import { PASSWORD_RESET_MINUTES, type PasswordResetRequest, zPasswordResetRequest } from '@jala/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button, buttonClassName } from '@/components/ui/button';
import { ErrorBanner, TextField } from '@/components/ui/form-field';
import { AuthLayout, EMAIL_INPUT } from '@/features/auth';

import { PASSWORD_ERRORS, requestPasswordReset } from '../api/password-api';
import { OwnQueryCache } from '../components/own-query-cache';

const BACK_TO_LOGIN = (
  <>
    ¿La recordaste? <Link to="/login">Inicia sesión</Link>
  </>
);

/**
 * '¿Olvidaste tu contraseña?' (/recuperar-contrasena): the e-mail of the account, then the same confirmation
 * whatever the server knows (it answers alike for any e-mail, so the page cannot tell either). The login page
 * hands over what was typed there.
 */
export function ForgotPasswordPage() {
  return (
    <OwnQueryCache>
      <ForgotPasswordView />
    </OwnQueryCache>
  );
}

function ForgotPasswordView() {
  const typed = (useLocation().state as { email?: unknown } | null)?.email;
  const { formRef, banner, field, onSubmit } = useSchemaForm<PasswordResetRequest>({
    resolver: contractResolver<PasswordResetRequest, PasswordResetRequest>(zPasswordResetRequest),
    defaultValues: { email: typeof typed === 'string' ? typed : '' },
    fallbackError: PASSWORD_ERRORS.request,
  });
  const sending = useMutation({
    mutationFn: async ({ email }: PasswordResetRequest) => {
      await requestPasswordReset(email);
      return email;
    },
  });

  if (sending.isSuccess) {
    return (
      <AuthLayout title="Revisa tu correo" subtitle="Te escribimos si tienes una cuenta." footer={BACK_TO_LOGIN}>
        <div className="stack pw-sent">
          <p className="alert tone--success" role="status">
            Si hay una cuenta de Jala con <strong className="pw-email">{sending.data}</strong>, te enviamos un enlace
            para elegir una nueva contraseña.
          </p>
          <p>
            Ábrelo en los próximos {PASSWORD_RESET_MINUTES} minutos: después vence, y solo sirve una vez. Si no llega en
            unos minutos, revisa la carpeta de spam o pide otro.
          </p>
          <Button variant="ghost" block onClick={() => sending.reset()}>
            Enviar otro enlace
          </Button>
          <Link className={buttonClassName({ variant: 'primary', block: true })} to="/login">
            Volver a iniciar sesión
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Recuperar contraseña"
      subtitle="Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva."
      footer={BACK_TO_LOGIN}
    >
      <form className="form" noValidate onSubmit={onSubmit(sending.mutateAsync)} ref={formRef}>
        <ErrorBanner message={banner} />
        <TextField label="Correo electrónico" {...EMAIL_INPUT} {...field('email')} />
        <Button type="submit" variant="primary" block disabled={sending.isPending}>
          {sending.isPending ? 'Enviando...' : 'Enviar enlace'}
        </Button>
      </form>
    </AuthLayout>
  );
}
