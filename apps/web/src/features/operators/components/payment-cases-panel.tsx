import { PAYMENT_CASE_OUTCOME_LABELS, type PaymentCase } from '@jala/contracts';
import { formatSoles, PAYMENT_METHOD_LABELS } from '@jala/domain';
import { useState } from 'react';

import { ChoiceChips, fetchPaymentCases, paymentKeys, resolvePaymentCase } from '@/features/payments';

import { formatDateTime } from '../model/operators-format';
import { OpenResolvedPanel, type OpenResolvedTexts, useResolveItem } from './open-resolved-panel';
import { ReasonForm } from './reason-form';

const OUTCOMES = (['paid', 'unpaid'] as const).map((value) => ({ value, label: PAYMENT_CASE_OUTCOME_LABELS[value] }));

function CaseCard({ kase }: { kase: PaymentCase }) {
  const [outcome, setOutcome] = useState<'paid' | 'unpaid'>('paid');
  const { resolve, notice } = useResolveItem(
    (note: string) => resolvePaymentCase(kase.id, { outcome, note }),
    paymentKeys.all,
  );
  const method = PAYMENT_METHOD_LABELS[kase.method];
  return (
    <article className="card ops-card" aria-label={`Caso de pago ${kase.trip_code}`}>
      <h3 className="ops-card__title">
        {kase.driver.name} no recibió {formatSoles(kase.amount)} por {method}
      </h3>
      <dl className="ops-facts">
        <div>
          <dt>Viaje</dt>
          <dd>{kase.trip_code}</dd>
        </div>
        <div>
          <dt>Pasajero</dt>
          <dd>
            {kase.passenger.name}
            {kase.passenger.phone ? ` · ${kase.passenger.phone}` : ''}
          </dd>
        </div>
        <div>
          <dt>Conductor</dt>
          <dd>
            {kase.driver.name}
            {kase.driver.phone ? ` · ${kase.driver.phone}` : ''}
          </dd>
        </div>
        <div>
          <dt>El pasajero dijo</dt>
          <dd>
            {kase.reported_paid_at ? `"Ya pagué" · ${formatDateTime(kase.reported_paid_at)}` : 'No avisó que pagó'}
          </dd>
        </div>
        <div>
          <dt>Abierto</dt>
          <dd>{formatDateTime(kase.opened_at)}</dd>
        </div>
        {kase.outcome && (
          <div>
            <dt>Resolución</dt>
            <dd>
              {PAYMENT_CASE_OUTCOME_LABELS[kase.outcome]} · {kase.resolution_note}
            </dd>
          </div>
        )}
      </dl>
      {kase.status === 'open' && (
        <>
          <ChoiceChips
            name={`case-${kase.id}-outcome`}
            legend="¿Se hizo el pago?"
            options={OUTCOMES}
            selected={outcome}
            onSelect={setOutcome}
          />
          <ReasonForm label="Cómo se resolvió" submitLabel="Resolver caso" minLength={3} onSubmit={resolve} />
        </>
      )}
      {notice && (
        <p className="alert ops-alert-success" role="status">
          {notice}
        </p>
      )}
    </article>
  );
}

const CASE_TEXTS: OpenResolvedTexts = {
  label: 'Casos de pago',
  open: 'Abiertos',
  resolved: 'Resueltos',
  loading: 'Cargando casos...',
  empty: { open: 'No hay casos de pago abiertos.', resolved: 'Aún no hay casos resueltos.' },
};

/** Yape/Plin payment cases: a driver's 'No recibí el pago', open ones oldest first, resolved with an audited note. */
export function PaymentCasesPanel() {
  return (
    <OpenResolvedPanel
      className="ops-list"
      texts={CASE_TEXTS}
      queryKey={paymentKeys.cases}
      fetchItems={fetchPaymentCases}
      renderItem={(kase) => <CaseCard kase={kase} />}
    />
  );
}
