import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH, zRegisterRequest, type RegisterRequest, type UserType } from '@jala/contracts';
import { contractResolver } from '../../../components/form/contract-resolver';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ErrorBanner, SelectField, TextField } from '../../../components/ui/form-field';
import { AuthLayout, EMAIL_INPUT } from '../components/auth-layout';
import { useSession } from '../../../lib/session-store';

const ACCOUNT_TYPES: readonly { value: UserType; label: string }[] = [
  { value: 'passenger', label: 'Pasajero' },
  { value: 'driver', label: 'Conductor' },
  { value: 'both', label: 'Ambos' },
];

const INITIAL: RegisterRequest = { first_name: '', last_name: '', email: '', phone: '', password: '', user_type: 'passenger' };

/** 'Crear cuenta': validated with the same contract schema as the server, so messages match. */
export function RegisterPage() {
  const register = useSession((s) => s.register);
  const { form, formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver<RegisterRequest, RegisterRequest>(zRegisterRequest),
    defaultValues: INITIAL,
    fallbackError: 'Error en registro',
    // Inline check when leaving a field, so mistakes show before submit.
    validateOnBlur: true,
  });
  const submitting = form.formState.isSubmitting || form.formState.isSubmitSuccessful;

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
      <form className="form" noValidate onSubmit={onSubmit(register)} ref={formRef}>
        <ErrorBanner message={banner} />
        <div className="form__row">
          <TextField label="Nombre" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Apellido" autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField label="Correo electrónico" {...EMAIL_INPUT} {...field('email')} />
        <TextField
          label="Celular"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="987654321"
          hint="9 dígitos, empieza con 9."
          {...field('phone')}
        />
        <TextField
          label="Contraseña"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`}
          {...field('password')}
        />
        <SelectField label="Tipo de cuenta" options={ACCOUNT_TYPES} {...field('user_type')} />
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
          {submitting ? 'Creando cuenta...' : 'Crear cuenta'}
        </button>
      </form>
    </AuthLayout>
  );
}
