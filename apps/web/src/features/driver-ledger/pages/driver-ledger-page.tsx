import '../ledger.css';

import { AppLayout } from '@/components/layout/app-layout';
import { errorMessage } from '@/lib/api/api-client';

import { LedgerBalanceCard } from '../components/ledger-balance-card';
import { LedgerEntries } from '../components/ledger-entries';
import { useDriverLedger } from '../hooks/use-driver-ledger';

/**
 * 'Saldo con Jala': the driver's balance with the platform, how to top it up, and every movement — the fee
 * of each completed trip, the top-ups an operator recorded, adjustments with their reason.
 */
export function DriverLedgerPage() {
  const ledger = useDriverLedger();
  let content;
  if (ledger.error) {
    content = (
      <p className="alert alert--error" role="alert">
        {errorMessage(ledger.error, 'No se pudo cargar tu saldo con Jala.')}
      </p>
    );
  } else if (!ledger.data) {
    content = <p className="section-note">Cargando saldo...</p>;
  } else {
    content = (
      <>
        <LedgerBalanceCard ledger={ledger.data} />
        <section className="card stack" aria-label="Cómo recargar">
          <h2 className="ledger-section__title">Cómo recargar</h2>
          <p className="section-note">
            Paga por Yape a Jala y envía a soporte el número de operación: un operador registrará tu recarga y la verás
            aquí.
          </p>
        </section>
        <section className="card stack" aria-label="Movimientos del saldo">
          <h2 className="ledger-section__title">Movimientos</h2>
          <LedgerEntries entries={ledger.data.entries} />
        </section>
      </>
    );
  }
  return (
    <AppLayout
      title="Saldo con Jala"
      subtitle="Comisiones de tus viajes y tus recargas"
      nav="driver"
      back={{ to: '/driver/dashboard' }}
    >
      {content}
    </AppLayout>
  );
}
