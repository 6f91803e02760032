import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout';
import { AlertsPanel } from '../components/alerts-panel';
import { LivePanel } from '../components/live-panel';
import { AuditPanel, OperatorsPanel, UsersPanel } from '../components/people-panels';
import { TripsPanel } from '../components/trips-panel';
import { VerificationQueue } from '../components/verification-queue';
import '../operators.css';

const SECTIONS = [
  { id: 'cola', label: 'Verificación', Panel: VerificationQueue },
  { id: 'mapa', label: 'En vivo', Panel: LivePanel },
  { id: 'viajes', label: 'Viajes', Panel: TripsPanel },
  { id: 'alertas', label: 'Alertas SOS', Panel: AlertsPanel },
  { id: 'usuarios', label: 'Usuarios', Panel: UsersPanel },
  { id: 'operadores', label: 'Operadores', Panel: OperatorsPanel },
  { id: 'auditoria', label: 'Auditoría', Panel: AuditPanel },
] as const;

/** The operators' console (/operators, operators only): one section at a time, chosen in ?seccion=. */
export function OperatorsConsolePage() {
  const [params, setParams] = useSearchParams();
  const current = SECTIONS.find((s) => s.id === params.get('seccion')) ?? SECTIONS[0];
  const { Panel } = current;
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
      <nav ref={tabs} className="ops-sections" aria-label="Secciones de la consola" data-scroll-x>
        {SECTIONS.map((section) => (
          <button key={section.id} type="button" className="ops-section-tab" aria-current={section.id === current.id ? 'page' : undefined}
            onClick={() => setParams({ seccion: section.id }, { replace: true })}>
            {section.label}
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
