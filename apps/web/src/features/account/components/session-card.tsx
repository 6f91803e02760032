import type { AccountSession } from '@jala/contracts';
import { formatLimaDateTime } from '@jala/domain';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** One signed-in device: what it is, when it signed in and was last used; 'Cerrar sesión' unless it is this one. */
export function SessionCard({
  session,
  ending,
  onEnd,
}: {
  session: AccountSession;
  ending: boolean;
  onEnd: (id: string) => void;
}) {
  const titleId = `session-${session.id}`;
  return (
    <li className="card acc-session" aria-labelledby={titleId} data-testid="session-card">
      <div className="acc-session__head">
        <p className="acc-session__device" id={titleId}>
          {session.device}
        </p>
        {session.is_current && <Badge className="acc-session__here">Este dispositivo</Badge>}
      </div>
      <dl className="acc-session__times">
        <div>
          <dt>Inició sesión:</dt>
          <dd>{formatLimaDateTime(session.created_at)}</dd>
        </div>
        <div>
          <dt>Última actividad:</dt>
          <dd>{session.is_current ? 'ahora' : formatLimaDateTime(session.last_seen_at)}</dd>
        </div>
      </dl>
      {!session.is_current && (
        <Button
          variant="ghost"
          block
          disabled={ending}
          onClick={() => onEnd(session.id)}
          aria-label={`Cerrar sesión en ${session.device}`}
        >
          {ending ? 'Cerrando...' : 'Cerrar sesión'}
        </Button>
      )}
    </li>
  );
}
