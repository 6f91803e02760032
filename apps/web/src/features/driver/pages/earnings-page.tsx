import { AppLayout } from '../../../components/layout/app-layout';
import { errorMessage } from '../../../lib/api-client';
import { EARNINGS_ERRORS } from '../api/driver-errors';
import { EarningsChart } from '../components/earnings-chart';
import { EarningsSummaryCard } from '../components/earnings-summary-card';
import { InlineLoading } from '../components/inline-status';
import { useEarningsRecords, useEarningsSummary } from '../hooks/use-driver-queries';
import '../driver.css';

/**
 * 'Mis Ganancias' (spec §2): summary card and the 30-day chart, loaded on open. While loading with no
 * summary: 'Cargando ganancias...'; on error the message replaces the content, red and centred.
 */
export function DriverEarningsPage() {
  const summary = useEarningsSummary();
  const records = useEarningsRecords();
  const failure = summary.error ?? records.error;

  let content;
  if (failure) {
    const fallback = summary.error ? EARNINGS_ERRORS.summary : EARNINGS_ERRORS.records;
    content = (
      <div className="drv-error-text" role="alert">
        <p>{errorMessage(failure, fallback)}</p>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            if (summary.error) void summary.refetch();
            if (records.error) void records.refetch();
          }}
        >
          Reintentar
        </button>
      </div>
    );
  } else if (summary.isPending && !summary.data) {
    content = <InlineLoading text="Cargando ganancias..." />;
  } else {
    content = (
      <>
        {summary.data && <EarningsSummaryCard summary={summary.data} />}
        {records.data && records.data.length > 0 && <EarningsChart records={records.data} />}
      </>
    );
  }

  return (
    <AppLayout title="Mis Ganancias" subtitle="Revisa tu rendimiento como conductor" nav="driver">
      {content}
    </AppLayout>
  );
}
