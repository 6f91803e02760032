import '../driver.css';

import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-client';

import { EARNINGS_ERRORS } from '../api/driver-errors';
import { EarningsChart } from '../components/earnings-chart';
import { EarningsSummaryCard } from '../components/earnings-summary-card';
import { InlineLoading } from '../components/inline-status';
import { useEarningsRecords, useEarningsSummary } from '../hooks/use-driver-queries';

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
        <Button
          variant="ghost"
          onClick={() => {
            if (summary.error) void summary.refetch();
            if (records.error) void records.refetch();
          }}
        >
          Reintentar
        </Button>
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
