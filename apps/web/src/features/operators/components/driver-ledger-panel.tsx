import { zLedgerAdjustmentRequest, zLedgerTopUpRequest } from '@jala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { ErrorBanner, TextField } from '@/components/ui/form-field';
import { LedgerBalanceCard, LedgerEntries } from '@/features/driver-ledger';
import { errorMessage } from '@/lib/api/api-client';

import { fetchDriverLedger, operatorKeys, recordAdjustment, recordTopUp } from '../api/operators-api';

/** '12.50' or '12,50' (as a Peruvian keyboard may type it) as a number; empty is missing. */
const amountOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));

function TopUpForm({ driverId, onDone }: { driverId: number; onDone: (message: string) => Promise<void> }) {
  const { form, formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver(zLedgerTopUpRequest, (v: { reference: string; amount: string }) => ({
      reference: v.reference,
      amount: amountOf(v.amount),
    })),
    defaultValues: { reference: '', amount: '' },
    fallbackError: 'No se pudo registrar la recarga.',
  });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof recordTopUp>[1]) => recordTopUp(driverId, body),
    onSuccess: async ({ message }) => {
      form.reset();
      await onDone(message || 'Recarga registrada.');
    },
  });
  return (
    <form
      className="stack stack--tight"
      noValidate
      onSubmit={onSubmit(save.mutateAsync)}
      ref={formRef}
      aria-label="Registrar recarga"
    >
      <h4 className="ops-card__title">Registrar recarga (Yape)</h4>
      <ErrorBanner message={banner} />
      <TextField label="Número de operación Yape" autoComplete="off" {...field('reference')} />
      <TextField label="Monto (S/)" inputMode="decimal" autoComplete="off" {...field('amount')} />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {save.isPending ? 'Enviando...' : 'Registrar recarga'}
      </Button>
    </form>
  );
}

function AdjustmentForm({ driverId, onDone }: { driverId: number; onDone: (message: string) => Promise<void> }) {
  const { form, formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver(zLedgerAdjustmentRequest, (v: { amount: string; reason: string }) => ({
      amount: amountOf(v.amount),
      reason: v.reason,
    })),
    defaultValues: { amount: '', reason: '' },
    fallbackError: 'No se pudo registrar el ajuste.',
  });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof recordAdjustment>[1]) => recordAdjustment(driverId, body),
    onSuccess: async ({ message }) => {
      form.reset();
      await onDone(message || 'Ajuste registrado.');
    },
  });
  return (
    <form
      className="stack stack--tight"
      noValidate
      onSubmit={onSubmit(save.mutateAsync)}
      ref={formRef}
      aria-label="Ajustar saldo"
    >
      <h4 className="ops-card__title">Ajustar saldo</h4>
      <ErrorBanner message={banner} />
      <TextField
        label="Monto (S/, negativo para descontar)"
        inputMode="decimal"
        autoComplete="off"
        {...field('amount')}
      />
      <TextField label="Motivo del ajuste" autoComplete="off" maxLength={500} {...field('reason')} />
      <Button type="submit" variant="ghost" disabled={save.isPending}>
        {save.isPending ? 'Enviando...' : 'Registrar ajuste'}
      </Button>
    </form>
  );
}

/**
 * A driver's 'Saldo con Jala' in the console: balance (and what is missing to the floor), a top-up after the
 * driver paid Jala by Yape, an adjustment with its reason (both audited by the server), and the movements.
 */
export function DriverLedgerPanel({ driverId }: { driverId: number }) {
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const ledger = useQuery({ queryKey: operatorKeys.ledger(driverId), queryFn: () => fetchDriverLedger(driverId) });
  const done = async (message: string) => {
    setNotice(message);
    await client.invalidateQueries({ queryKey: operatorKeys.ledger(driverId) });
    await client.invalidateQueries({ queryKey: operatorKeys.audit() });
  };
  if (ledger.error) {
    return (
      <p className="alert alert--error" role="alert">
        {errorMessage(ledger.error)}
      </p>
    );
  }
  if (!ledger.data) return <p className="ops-muted">Cargando saldo...</p>;
  return (
    <div className="stack" data-testid="operator-ledger">
      <LedgerBalanceCard ledger={ledger.data} />
      {notice && (
        <p className="alert ops-alert-success" role="status">
          {notice}
        </p>
      )}
      <TopUpForm driverId={driverId} onDone={done} />
      <AdjustmentForm driverId={driverId} onDone={done} />
      <h4 className="ops-card__title">Movimientos</h4>
      <LedgerEntries entries={ledger.data.entries} />
    </div>
  );
}
