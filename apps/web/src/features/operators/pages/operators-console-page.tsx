import '../operators.css';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { KpisPanel } from '@/features/operator-kpis';

import { operatorKeys } from '../api/operators-api';
import { AlertsPanel } from '../components/alerts-panel';
import { LivePanel } from '../components/live-panel';
import { PaymentCasesPanel } from '../components/payment-cases-panel';
import { AuditPanel, OperatorsPanel, UsersPanel } from '../components/people-panels';
import { TripsPanel } from '../components/trips-panel';
import { VerificationQueue } from '../components/verification-queue';
import { useLiveCity, useLiveCityFeed } from '../hooks/use-live-city';

const SECTIONS = [
  { id: 'cola', label: 'Verificación', Panel: VerificationQueue },
  { id: 'mapa', label: 'En vivo', Panel: LivePanel },
  { id: 'viajes', label: 'Viajes', Panel: TripsPanel },
  { id: 'alertas', label: 'Alertas SOS', Panel: AlertsPanel },
  { id: 'pagos', label: 'Casos de pago', Panel: PaymentCasesPanel },
  { id: 'indicadores', label: 'Indicadores', Panel: KpisPanel },
  { id: 'usuarios', label: 'Usuarios', Panel: UsersPanel },
  { id: 'operadores', label: 'Operadores', Panel: OperatorsPanel },
  { id: 'auditoria', label: 'Auditoría', Panel: AuditPanel },
] as const;

const ALERTS_SECTION = 'alertas';

/**
 * Open SOS alerts, from the live snapshot the console follows whatever section is shown, and whether one
 * arrived while the operator was looking elsewhere (the count rose since the last snapshot). Any change
 * refreshes the alerts list.
 */
function useSosAlerts(section: string): { open: number; arrived: boolean; acknowledge: () => void } {
  const client = useQueryClient();
  useLiveCityFeed();
  const open = useLiveCity().data?.open_alerts ?? null;
  const [seen, setSeen] = useState<number | null>(null);
  const [arrived, setArrived] = useState(false);
  // Adjusted while rendering, from the new snapshot (not in an effect, which would render twice).
  if (open !== null && open !== seen) {
    if (seen !== null && open > seen && section !== ALERTS_SECTION) setArrived(true);
    setSeen(open);
  }
  if (arrived && section === ALERTS_SECTION) setArrived(false);
  useEffect(() => {
    if (open !== null) void client.invalidateQueries({ queryKey: [...operatorKeys.all, 'alerts'] });
  }, [open, client]);
  return { open: open ?? 0, arrived, acknowledge: () => setArrived(false) };
}

/** The operators' console (/operators, operators only): one section at a time, chosen in ?seccion=. */
export function OperatorsConsolePage() {
  const [params, setParams] = useSearchParams();
  const current = SECTIONS.find((s) => s.id === params.get('seccion')) ?? SECTIONS[0];
  const { Panel } = current;
  const sos = useSosAlerts(current.id);
  const show = (section: string) => setParams({ seccion: section }, { replace: true });
  const tabs = useRef<HTMLElement>(null);
  // On a phone only the first tabs fit: the current one is scrolled to the middle of the row, so the
  // operator sees where they are (opened at ?seccion=auditoria, it would otherwise be out of sight).
  useEffect(() => {
    const row = tabs.current;
    const tab = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !tab) return;
    const rowBox = row.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    row.scrollLeft += tabBox.left - rowBox.left - (rowBox.width - tabBox.width) / 2;
  }, [current.id]);
  return (
    <AppLayout title="Consola de operadores" back={{ to: '/dashboard' }}>
      {sos.arrived && (
        <div className="alert alert--error ops-sos-banner" role="alert">
          <p className="ops-sos-banner__text">Nueva alerta SOS: alguien pidió ayuda durante un viaje.</p>
          <Button
            variant="danger"
            onClick={() => {
              sos.acknowledge();
              show(ALERTS_SECTION);
            }}
          >
            Ver alertas
          </Button>
        </div>
      )}
      <nav ref={tabs} className="ops-sections" aria-label="Secciones de la consola" data-scroll-x>
        {SECTIONS.map((section) => (
          <button
            key={section.id}
            type="button"
            className="ops-section-tab"
            aria-current={section.id === current.id ? 'page' : undefined}
            onClick={() => show(section.id)}
          >
            {section.label}
            {section.id === ALERTS_SECTION && sos.open > 0 && (
              <span className="ops-badge">
                {sos.open}
                <span className="visually-hidden"> abiertas</span>
              </span>
            )}
          </button>
        ))}
      </nav>
      <section className="ops-panel" aria-label={current.label}>
        <h2 className="ops-panel__title">{current.label}</h2>
        <Panel />
      </section>
    </AppLayout>
  );
}
