import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zUpdatePaymentSettingsRequest, type DriverPaymentSettings } from '@jala/contracts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@jala/domain';
import { contractResolver } from '../../components/form/contract-resolver';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { ErrorBanner, InlineError, TextField } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { PAYMENT_ERRORS, paymentKeys, paymentSettingsQuery, savePaymentSettings } from './payments-api';
import './payments.css';

interface Values {
  payment_methods: PaymentMethod[];
  wallet_phone: string;
}

const toValues = (settings: DriverPaymentSettings): Values => ({ payment_methods: settings.payment_methods, wallet_phone: settings.wallet_phone ?? '' });
// An unchecked group reads `false` in react-hook-form: no methods.
const toPayload = (values: Values) => ({
  payment_methods: Array.isArray(values.payment_methods) ? values.payment_methods : [],
  wallet_phone: values.wallet_phone.trim() || null,
});

/** The form, once the settings are loaded (its default values are them). */
function SettingsForm({ settings, onSaved }: { settings: DriverPaymentSettings; onSaved: (message: string) => void }) {
  const userId = useSession((s) => s.user?.id ?? 0);
  const queryClient = useQueryClient();
  const { form, formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver(zUpdatePaymentSettingsRequest, toPayload),
    defaultValues: toValues(settings),
    fallbackError: PAYMENT_ERRORS.saveSettings,
  });
  const save = useMutation({
    mutationFn: savePaymentSettings,
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(paymentKeys.settings(userId), data);
      form.reset(toValues(data));
      onSaved(message || 'Métodos de pago guardados.');
    },
  });
  const { error: methodsError, ...methodsInput } = field('payment_methods');
  return (
    <form className="card form" noValidate onSubmit={onSubmit(save.mutateAsync)} ref={formRef} aria-labelledby="pay-settings-title">
      <h2 className="drv-section__title" id="pay-settings-title">Métodos de pago</h2>
      <p className="field__hint">Solo verás ofertas posibles en viajes que pagan con un método que aceptas.</p>
      <ErrorBanner message={banner} />
      <fieldset className="pay-choice" aria-invalid={methodsError ? true : undefined}>
        <legend className="field__label">Acepto</legend>
        <div className="pay-chips">
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className="pay-chip">
              <input type="checkbox" value={method} {...methodsInput} />
              {PAYMENT_METHOD_LABELS[method]}
            </label>
          ))}
        </div>
        <InlineError message={methodsError} />
      </fieldset>
      <TextField
        label="Celular de tu Yape o Plin"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="987 654 321"
        hint="Solo lo ve el pasajero de tu viaje, después de aceptar tu oferta."
        {...field('wallet_phone')}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending}>
        {save.isPending ? 'Guardando...' : 'Guardar métodos de pago'}
      </button>
    </form>
  );
}

/** 'Métodos de pago' in the driver's profile (issue 26): which of Efectivo, Yape, Plin they take, and their number. */
export function PaymentSettingsSection({ onSaved }: { onSaved: (message: string) => void }) {
  const userId = useSession((s) => s.user?.id ?? 0);
  const settings = useQuery(paymentSettingsQuery(userId));
  if (settings.isPending) return <p className="card">Cargando métodos de pago...</p>;
  if (settings.error) return <InlineError message={errorMessage(settings.error, PAYMENT_ERRORS.settings)} />;
  return <SettingsForm settings={settings.data} onSaved={onSaved} />;
}
