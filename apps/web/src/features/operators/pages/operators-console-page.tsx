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
  return (
    <AppLayout title="Consola de operadores" back={{ to: '/dashboard' }}>
      <nav className="ops-sections" aria-label="Secciones de la consola">
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
