import '../payments.css';

import { type DriverPaymentSettings, zUpdatePaymentSettingsRequest } from '@jala/contracts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@jala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { ErrorBanner, InlineError, TextField } from '@/components/ui/form-field';
import { CheckIcon } from '@/components/ui/icons';
import { useRevealWhen } from '@/components/ui/reveal';
import { errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';

import { PAYMENT_ERRORS, paymentKeys, paymentSettingsQuery, savePaymentSettings } from '../api/payments-api';

interface Values {
  payment_methods: PaymentMethod[];
  wallet_phone: string;
}

const toValues = (settings: DriverPaymentSettings): Values => ({
  payment_methods: settings.payment_methods,
  wallet_phone: settings.wallet_phone ?? '',
});
// An unchecked group reads `false` in react-hook-form: no methods.
const toPayload = (values: Values) => ({
  payment_methods: Array.isArray(values.payment_methods) ? values.payment_methods : [],
  wallet_phone: values.wallet_phone.trim() || null,
});

/** The methods ticked right now (react-hook-form reads an unticked group as `false`). */
const tickedMethods = (value: unknown): readonly string[] => (Array.isArray(value) ? value : []);

/** The form, once the settings are loaded (its default values are them). */
function SettingsForm({ settings }: { settings: DriverPaymentSettings }) {
  const userId = useSession((s) => s.user?.id ?? 0);
  const queryClient = useQueryClient();
  const { form, formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver(zUpdatePaymentSettingsRequest, toPayload),
    defaultValues: toValues(settings),
    fallbackError: PAYMENT_ERRORS.saveSettings,
  });
  const save = useMutation({
    mutationFn: savePaymentSettings,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(paymentKeys.settings(userId), data);
      form.reset(toValues(data));
    },
  });
  // The confirmation sits under the button that saved (the top of a long profile is off screen by then);
  // it goes as soon as the driver changes something again.
  const isDirty = form.formState.isDirty;
  const saved =
    save.isSuccess && !save.isPending && !isDirty ? save.data.message || 'Métodos de pago guardados.' : null;
  const savedRef = useRevealWhen<HTMLParagraphElement>(saved);
  const ticked = tickedMethods(form.watch('payment_methods'));
  const { error: methodsError, ...methodsInput } = field('payment_methods');
  return (
    <form
      className="card form"
      noValidate
      onSubmit={onSubmit(save.mutateAsync)}
      ref={formRef}
      aria-labelledby="pay-settings-title"
    >
      <h2 className="drv-section__title" id="pay-settings-title">
        Métodos de pago
      </h2>
      <p className="field__hint">Solo verás ofertas posibles en viajes que pagan con un método que aceptas.</p>
      <ErrorBanner message={banner} />
      <fieldset className="pay-choice" aria-invalid={methodsError ? true : undefined}>
        <legend className="field__label">Acepto</legend>
        <div className="pay-chips pay-chips--methods">
          {PAYMENT_METHODS.map((method) => {
            const on = ticked.includes(method);
            return (
              <label
                key={method}
                className={`pay-chip pay-chip--check${on ? ' pay-chip--on' : ''}`}
                data-testid={`pay-chip-${method}`}
              >
                <input type="checkbox" value={method} {...methodsInput} />
                {/* A box that fills with a tick: the state reads without relying on colour alone. */}
                <span className="pay-chip__box" aria-hidden="true">
                  {on && <CheckIcon width="12" height="12" />}
                </span>
                {PAYMENT_METHOD_LABELS[method]}
              </label>
            );
          })}
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
      <Button type="submit" variant="primary" block disabled={save.isPending}>
        {save.isPending ? 'Guardando...' : 'Guardar métodos de pago'}
      </Button>
      {saved && (
        <p className="alert pay-settings__saved" role="status" ref={savedRef}>
          {saved}
        </p>
      )}
    </form>
  );
}

/** 'Métodos de pago' in the driver's profile: which of Efectivo, Yape, Plin they take, and their number. */
export function PaymentSettingsSection() {
  const userId = useSession((s) => s.user?.id ?? 0);
  const settings = useQuery(paymentSettingsQuery(userId));
  if (settings.isPending) return <p className="card">Cargando métodos de pago...</p>;
  if (settings.error) return <InlineError message={errorMessage(settings.error, PAYMENT_ERRORS.settings)} />;
  return <SettingsForm settings={settings.data} />;
}
