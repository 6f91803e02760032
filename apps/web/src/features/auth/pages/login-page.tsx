import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { LoginRequest } from '@jala/contracts';
import { isValidEmail } from '@jala/domain';
import { ErrorBanner, TextField } from '../../../components/ui/form-field';
import { AuthLayout, EMAIL_INPUT } from '../components/auth-layout';
import { submitErrors, type FormErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-store';
import { revealFirstInvalid } from '../../../components/ui/reveal';

type LoginField = 'email' | 'password';

/** Shown when ProtectedRoute sent the user here because their session expired (a refused token). */
export const SESSION_EXPIRED_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo para continuar.';
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
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<LoginField>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const expired = (useLocation().state as { expired?: boolean } | null)?.expired === true;

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
        {expired && !banner && (
          <p className="alert alert--info" role="status">
            {SESSION_EXPIRED_MESSAGE}
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
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
          {submitting ? 'Ingresando...' : 'Iniciar sesión'}
        </button>
      </form>
    </AuthLayout>
  );
}
