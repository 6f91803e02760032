import { PASSWORD_MIN_LENGTH, type RegisterRequest, type UserType, zRegisterRequest } from '@jala/contracts';
import { Link } from 'react-router';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { ErrorBanner, SelectField, TextField } from '@/components/ui/form-field';
import { CONSENT_LABEL, LegalLinks } from '@/features/account';
import { useSession } from '@/lib/session-store';

import { AuthLayout, EMAIL_INPUT } from '../components/auth-layout';

const ACCOUNT_TYPES: readonly { value: UserType; label: string }[] = [
  { value: 'passenger', label: 'Pasajero' },
  { value: 'driver', label: 'Conductor' },
  { value: 'both', label: 'Ambos' },
];

/** The form's values: the consent checkbox starts unticked, which the contract refuses (only `true` is an answer). */
type RegisterForm = Omit<RegisterRequest, 'accept_terms'> & { accept_terms: boolean };

const INITIAL: RegisterForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  user_type: 'passenger',
  accept_terms: false,
};

/**
 * 'Crear cuenta': validated with the same contract schema as the server, so messages match. The account
 * accepts the 'Términos y condiciones' and the 'Política de privacidad' with a required checkbox (Ley 29733).
 */
export function RegisterPage() {
  const register = useSession((s) => s.register);
  const { form, formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver<RegisterForm, RegisterRequest>(zRegisterRequest),
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
        <LegalLinks />
        {/* Checked on submit only (not on blur): leaving the box unticked while reading is not a mistake yet. */}
        <CheckField
          label={CONSENT_LABEL}
          {...form.register('accept_terms', { onChange: () => form.clearErrors('accept_terms') })}
          error={form.formState.errors.accept_terms?.message}
        />
        <Button type="submit" variant="primary" block disabled={submitting}>
          {submitting ? 'Creando cuenta...' : 'Crear cuenta'}
        </Button>
      </form>
    </AuthLayout>
  );
}
