import type { LoginRequest } from '@jala/contracts';
import { isValidEmail } from '@jala/domain';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { ErrorBanner, TextField } from '@/components/ui/form-field';
import { revealFirstInvalid } from '@/components/ui/reveal';
import { type FormErrors, submitErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session-store';

import { AuthLayout, EMAIL_INPUT } from '../components/auth-layout';

type LoginField = 'email' | 'password';

/** Shown when ProtectedRoute sent the user here because their session expired (a refused token). */
export const SESSION_EXPIRED_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo para continuar.';
/** Shown after 'Eliminar mi cuenta'. */
export const ACCOUNT_DELETED_MESSAGE = 'Eliminamos tu cuenta. Gracias por haber viajado con Jala.';
/** Shown after a password reset (the reset page comes here with the account's e-mail). */
export const PASSWORD_RESET_MESSAGE = 'Listo: tu contraseña cambió. Inicia sesión con la nueva.';

/** What other pages hand the login page: an expired session, a deleted account, or a finished password reset. */
interface LoginPageState {
  expired?: boolean;
  accountDeleted?: boolean;
  passwordReset?: boolean;
  email?: string;
}
const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];

/**
 * Same rules and messages as the contract's zLoginRequest, checked with the domain validators so the
 * login route downloads neither zod nor react-hook-form (~12.5 KB gz: the route must stay within its 100 KB
 * budget, it is at ~93 KB without them). The one form not on useSchemaForm; it shares its fields and errors.
 */
export function validateLogin(values: { email: string; password: string }): {
  data: LoginRequest | null;
  errors: FormErrors<LoginField>;
} {
  const errors: FormErrors<LoginField> = {};
  const email = values.email.trim().toLowerCase();
  if (email === '') errors.email = 'El correo es obligatorio.';
  else if (!isValidEmail(email)) errors.email = 'Ingresa un correo electrónico válido.';
  if (values.password === '') errors.password = 'La contraseña es obligatoria.';
  const valid = Object.keys(errors).length === 0;
  return { data: valid ? { email, password: values.password } : null, errors };
}

/**
 * 'Iniciar sesión'. On success the session becomes authenticated and PublicRoute moves the user on
 * (to where they were going, else /dashboard → their role's dashboard).
 */
export function LoginPage() {
  const login = useSession((s) => s.login);
  const arrived = useLocation().state as LoginPageState | null;
  const [values, setValues] = useState({ email: arrived?.passwordReset ? (arrived.email ?? '') : '', password: '' });
  const [errors, setErrors] = useState<FormErrors<LoginField>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const expired = arrived?.expired === true;
  const accountDeleted = arrived?.accountDeleted === true;
  const passwordReset = arrived?.passwordReset === true;

  const update = (field: LoginField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBanner(null);
    const { data, errors: invalid } = validateLogin(values);
    if (!data) {
      setErrors(invalid);
      revealFirstInvalid(event.currentTarget);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await login(data);
    } catch (error) {
      const { fields, banner: message } = submitErrors(error, LOGIN_FIELDS, 'Error en login');
      setErrors(fields);
      setBanner(message);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="Iniciar sesión"
      subtitle="Viaja o conduce con Jala."
      footer={
        <>
          ¿No tienes cuenta? <Link to="/register">Regístrate</Link>
        </>
      }
    >
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <ErrorBanner message={banner} />
        {(expired || accountDeleted) && !banner && (
          <p className="alert alert--info" role="status">
            {accountDeleted ? ACCOUNT_DELETED_MESSAGE : SESSION_EXPIRED_MESSAGE}
          </p>
        )}
        {passwordReset && !banner && (
          <p className="alert tone--success" role="status">
            {PASSWORD_RESET_MESSAGE}
          </p>
        )}
        <TextField
          label="Correo electrónico"
          name="email"
          {...EMAIL_INPUT}
          value={values.email}
          onChange={update('email')}
          error={errors.email}
        />
        <TextField
          label="Contraseña"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={update('password')}
          error={errors.password}
        />
        <Button type="submit" variant="primary" block disabled={submitting}>
          {submitting ? 'Ingresando...' : 'Iniciar sesión'}
        </Button>
        <Link className="auth-card__link" to="/recuperar-contrasena" state={{ email: values.email.trim() }}>
          ¿Olvidaste tu contraseña?
        </Link>
      </form>
    </AuthLayout>
  );
}
