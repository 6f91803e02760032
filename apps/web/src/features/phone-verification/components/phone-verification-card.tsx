import { type ConfirmPhoneCodeRequest, type PhoneVerification, zConfirmPhoneCodeRequest } from '@jala/contracts';
import { formatLimaDateTime, formatPeruvianPhone, PHONE_CODE_LENGTH } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { ErrorBanner, TextField } from '@/components/ui/form-field';
import { ApiError, errorMessage, isApiError } from '@/lib/api/api-client';

import { confirmPhoneCode, PHONE_VERIFICATION_ERRORS, sendPhoneCode } from '../api/phone-verification-api';
import { useCountdown, usePhoneVerification } from '../hooks/use-phone-verification';
import { CODE_DEAD, CODE_WRONG } from '../model/phone-code-errors';
import { PhoneVerifiedBadge } from './phone-verified-badge';

/** The anchor the driver's prompt links to (`/driver/profile#celular`). */
export const PHONE_CARD_ANCHOR = 'celular';

/**
 * "Verifica tu celular", on both profiles: send a 6-digit code by SMS to the account's number, type it, and
 * the number is verified. A new code only after the countdown the server gives (60 s); a wrong code says the
 * tries left under the field; an expired or spent one returns to "Enviar código" saying why. Changing the
 * number in the profile asks for a new code (the server clears the verification).
 */
export function PhoneVerificationCard() {
  const { data, error, isPending, refetch, remember, dataUpdatedAt } = usePhoneVerification();
  const [notice, setNotice] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (data && window.location.hash === `#${PHONE_CARD_ANCHOR}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [data]);

  let body;
  if (isPending) body = <p className="section-note">Cargando…</p>;
  else if (!data)
    body = (
      <>
        <ErrorBanner message={errorMessage(error, PHONE_VERIFICATION_ERRORS.status)} />
        <Button onClick={() => void refetch()}>Reintentar</Button>
      </>
    );
  else if (!data.phone)
    body = <p className="section-note">Agrega tu número de celular en tu perfil para verificarlo.</p>;
  else if (data.verified) body = <VerifiedState status={data} />;
  else
    body = (
      <UnverifiedState
        status={data}
        readAt={dataUpdatedAt}
        notice={notice}
        onNotice={setNotice}
        onAnswer={remember}
        onDeadCode={async (message) => {
          setNotice(message);
          await refetch();
        }}
      />
    );

  return (
    <div id={PHONE_CARD_ANCHOR} ref={ref} className="pv-anchor">
      <CardSection id="pv-title" title="Verifica tu celular" className="pv-card stack" testId="phone-verification">
        {body}
      </CardSection>
    </div>
  );
}

function VerifiedState({ status }: { status: PhoneVerification }) {
  return (
    <div className="stack" role="status">
      <p className="pv-verified">
        <PhoneVerifiedBadge />
        <span className="pv-number">{formatPeruvianPhone(status.phone ?? '')}</span>
      </p>
      <p className="section-note">
        {status.verified_at ? `Verificado el ${formatLimaDateTime(status.verified_at)}. ` : ''}
        Si cambias de número, te pediremos un código nuevo.
      </p>
    </div>
  );
}

function UnverifiedState({
  status,
  readAt,
  notice,
  onNotice,
  onAnswer,
  onDeadCode,
}: {
  status: PhoneVerification;
  readAt: number;
  notice: string | null;
  onNotice: (message: string | null) => void;
  onAnswer: (answer: PhoneVerification) => void;
  onDeadCode: (message: string) => Promise<void>;
}) {
  const wait = useCountdown(status.resend_in_seconds, readAt);
  const send = useMutation({
    mutationFn: sendPhoneCode,
    onMutate: () => onNotice(null),
    onSuccess: onAnswer,
  });
  const number = formatPeruvianPhone(status.phone ?? '');
  const sendError = send.isError ? errorMessage(send.error, PHONE_VERIFICATION_ERRORS.send) : null;

  if (!status.pending) {
    return (
      <div className="stack">
        <ErrorBanner message={notice ?? sendError} />
        <p className="section-note">
          Te enviaremos un código de {PHONE_CODE_LENGTH} dígitos por SMS al{' '}
          <strong className="pv-number">{number}</strong>. Así el otro lado del viaje sabe que tu número es real.
        </p>
        <Button variant="primary" block disabled={send.isPending || wait > 0} onClick={() => send.mutate()}>
          {send.isPending ? 'Enviando…' : wait > 0 ? `Enviar código en ${wait} s` : 'Enviar código'}
        </Button>
      </div>
    );
  }
  return (
    <div className="stack">
      <p className="section-note" role="status">
        Enviamos un código por SMS al <strong className="pv-number">{number}</strong>. Vence a las{' '}
        {formatLimaDateTime(status.pending.expires_at).split(', ')[1]}.
      </p>
      <CodeForm key={status.pending.expires_at} onAnswer={onAnswer} onDeadCode={onDeadCode} />
      <ErrorBanner message={sendError} />
      <Button variant="ghost" block disabled={send.isPending || wait > 0} onClick={() => send.mutate()}>
        {send.isPending ? 'Enviando…' : wait > 0 ? `Reenviar código en ${wait} s` : 'Reenviar código'}
      </Button>
    </div>
  );
}

function CodeForm({
  onAnswer,
  onDeadCode,
}: {
  onAnswer: (answer: PhoneVerification) => void;
  onDeadCode: (message: string) => Promise<void>;
}) {
  const { formRef, banner, field, onSubmit, form } = useSchemaForm<ConfirmPhoneCodeRequest, { code: string }>({
    resolver: contractResolver<ConfirmPhoneCodeRequest, { code: string }>(zConfirmPhoneCodeRequest),
    defaultValues: { code: '' },
    fallbackError: PHONE_VERIFICATION_ERRORS.confirm,
  });
  const submit = async ({ code }: { code: string }) => {
    try {
      onAnswer(await confirmPhoneCode(code));
    } catch (error) {
      if (isApiError(error) && CODE_DEAD.has(error.code)) {
        await onDeadCode(error.message);
        return;
      }
      // A wrong code is about the field: its message (tries left) goes under it.
      if (isApiError(error) && error.code === CODE_WRONG)
        throw new ApiError({
          message: error.message,
          code: error.code,
          status: error.status,
          fields: { code: error.message },
        });
      throw error;
    }
  };
  return (
    <form onSubmit={onSubmit(submit)} noValidate ref={formRef} className="stack">
      <ErrorBanner message={banner} />
      <TextField
        label={`Código de ${PHONE_CODE_LENGTH} dígitos`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={PHONE_CODE_LENGTH + 2}
        className="field__control pv-code"
        {...field('code')}
      />
      <Button type="submit" variant="primary" block disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Verificando…' : 'Verificar'}
      </Button>
    </form>
  );
}
