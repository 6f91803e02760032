import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH, zRegisterRequest, type UserType } from '@jala/contracts';
import { ErrorBanner, SelectField, TextField } from '../../../components/ui/form-field';
import { AuthLayout } from '../components/auth-layout';
import { submitErrors, zodFieldErrors, type FormErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-store';
import { revealFirstInvalid } from '../../../components/ui/reveal';

type RegisterField = 'first_name' | 'last_name' | 'email' | 'phone' | 'password' | 'user_type';
const REGISTER_FIELDS: readonly RegisterField[] = ['first_name', 'last_name', 'email', 'phone', 'password', 'user_type'];

const ACCOUNT_TYPES: readonly { value: UserType; label: string }[] = [
  { value: 'passenger', label: 'Pasajero' },
  { value: 'driver', label: 'Conductor' },
  { value: 'both', label: 'Ambos' },
];

const INITIAL = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  user_type: 'passenger' as UserType,
};

/** 'Crear cuenta': validated with the same contract schema as the server, so messages match. */
export function RegisterPage() {
  const register = useSession((s) => s.register);
  const [values, setValues] = useState(INITIAL);
  const [errors, setErrors] = useState<FormErrors<RegisterField>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: RegisterField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** Inline check when leaving a field, so mistakes show before submit. */
  const validateField = (field: RegisterField) => () => {
    if (values[field] === '') return;
    const result = zRegisterRequest.safeParse(values);
    const message = result.success ? undefined : zodFieldErrors<RegisterField>(result.error)[field];
    setErrors((e) => ({ ...e, [field]: message }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBanner(null);
    const parsed = zRegisterRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors<RegisterField>(parsed.error));
      revealFirstInvalid(event.currentTarget);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await register(parsed.data);
    } catch (error) {
      const { fields, banner: message } = submitErrors(error, REGISTER_FIELDS, 'Error en registro');
      setErrors(fields);
      setBanner(message);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="Crear cuenta"
      subtitle="Regístrate para pedir viajes o conducir."
      footer={
        <>
          ¿Ya tienes cuenta? <Link to="/login">Inicia sesión</Link>
        </>
      }
    >
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <ErrorBanner message={banner} />
        <div className="form__row">
          <TextField
            label="Nombre"
            name="first_name"
            autoComplete="given-name"
            value={values.first_name}
            onChange={update('first_name')}
            onBlur={validateField('first_name')}
            error={errors.first_name}
          />
          <TextField
            label="Apellido"
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={update('last_name')}
            onBlur={validateField('last_name')}
            error={errors.last_name}
          />
        </div>
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="tucorreo@ejemplo.com"
          value={values.email}
          onChange={update('email')}
          onBlur={validateField('email')}
          error={errors.email}
        />
        <TextField
          label="Celular"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="987654321"
          hint="9 dígitos, empieza con 9."
          value={values.phone}
          onChange={update('phone')}
          onBlur={validateField('phone')}
          error={errors.phone}
        />
        <TextField
          label="Contraseña"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`}
          value={values.password}
          onChange={update('password')}
          onBlur={validateField('password')}
          error={errors.password}
        />
        <SelectField
          label="Tipo de cuenta"
          name="user_type"
          value={values.user_type}
          onChange={update('user_type')}
          options={ACCOUNT_TYPES}
          error={errors.user_type}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
          {submitting ? 'Creando cuenta...' : 'Crear cuenta'}
        </button>
      </form>
    </AuthLayout>
  );
}
