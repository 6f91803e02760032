import '../account.css';

import { profilePathFor } from '@jala/domain';

import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';

import { ACCOUNT_ERRORS } from '../api/account-api';
import { SessionCard } from '../components/session-card';
import { useSessions } from '../hooks/use-sessions';

/**
 * 'Sesiones abiertas' (/cuenta/sesiones): every device signed in to the account, this one first and marked.
 * Ending a session signs that device out at once (its next request is refused and its live connection
 * closes), so a lost or borrowed phone is dealt with from here.
 */
export function SessionsPage() {
  const userType = useSession((s) => s.user?.user_type);
  const { sessions, endOne, endOthers, notice } = useSessions();
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.is_current).length;
  const failure = endOne.error ?? endOthers.error;

  return (
    <AppLayout title="Sesiones abiertas" back={{ to: profilePathFor(userType) }}>
      <div className="stack stack--loose">
        <p className="section-note">
          Estos son los dispositivos donde tu cuenta está abierta. Si no reconoces alguno, cierra su sesión y cambia tu
          contraseña.
        </p>
        {sessions.isPending && (
          <p className="card muted" role="status">
            Cargando sesiones...
          </p>
        )}
        {sessions.isError && (
          <RetryAlert
            message={errorMessage(sessions.error, ACCOUNT_ERRORS.sessions)}
            onRetry={() => void sessions.refetch()}
          />
        )}
        {list.length > 0 && (
          <ul className="acc-sessions" aria-label="Sesiones">
            {list.map((session) => (
              <SessionCard
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables === session.id}
                onEnd={(id) => endOne.mutate(id)}
              />
            ))}
          </ul>
        )}
        <div aria-live="polite">
          {notice && (
            <p className="acc-ok" role="status">
              {notice}
            </p>
          )}
        </div>
        <InlineError message={failure ? errorMessage(failure) : null} />
        {others > 0 && (
          <Button variant="danger" block disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
            {endOthers.isPending ? 'Cerrando...' : 'Cerrar las demás sesiones'}
          </Button>
        )}
        {sessions.isSuccess && others === 0 && (
          <p className="muted">No tienes sesiones abiertas en otros dispositivos.</p>
        )}
      </div>
    </AppLayout>
  );
}
