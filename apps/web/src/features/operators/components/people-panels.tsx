import type { AdminUser } from '@jala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';

import {
  addOperator,
  fetchAudit,
  fetchOperators,
  operatorKeys,
  reactivateUser,
  removeOperator,
  searchUsers,
  suspendUser,
} from '../api/operators-api';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, formatDateTime } from '../model/operators-format';
import { DriverLedgerPanel } from './driver-ledger-panel';
import { ReasonForm } from './reason-form';

function UserCard({ user }: { user: AdminUser }) {
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [ledgerOpen, setLedgerOpen] = useState(false);
  const isDriver = user.user_type !== 'passenger';
  const refresh = () => client.invalidateQueries({ queryKey: [...operatorKeys.all, 'users'] });
  const suspend = useMutation({
    mutationFn: (reason: string) => suspendUser(user.id, reason),
    onSuccess: async (r) => {
      setNotice(r.message);
      await refresh();
    },
  });
  const reactivate = useMutation({
    mutationFn: () => reactivateUser(user.id),
    onSuccess: async (r) => {
      setNotice(r.message);
      await refresh();
    },
  });
  const roles = [
    user.user_type === 'both' ? 'pasajero y conductor' : user.user_type === 'driver' ? 'conductor' : 'pasajero',
    user.is_operator ? 'operador' : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <article className="card ops-card">
      <h3 className="ops-card__title">{user.name}</h3>
      {user.deleted_at ? (
        // The person left: only the anonymised row of their trips' records remains, nothing to act on.
        <p className="alert alert--info" data-testid="deleted-account">
          Cuenta eliminada por su titular el {formatDateTime(user.deleted_at)} · {roles}
        </p>
      ) : (
        <p className="ops-muted ops-wrap">
          {user.email} · {user.phone ?? 'sin teléfono'} · {roles}
        </p>
      )}
      {user.deleted_at ? null : user.suspended_at ? (
        <>
          <p className="alert alert--error">
            Suspendido desde {formatDateTime(user.suspended_at)}: {user.suspension_reason}
          </p>
          <Button variant="primary" disabled={reactivate.isPending} onClick={() => reactivate.mutate()}>
            Reactivar
          </Button>
          {reactivate.error && (
            <p className="alert alert--error" role="alert">
              {errorMessage(reactivate.error)}
            </p>
          )}
        </>
      ) : (
        <ReasonForm
          label="Motivo de la suspensión (lo verá al intentar entrar)"
          submitLabel="Suspender"
          danger
          onSubmit={(reason) => suspend.mutateAsync(reason)}
        />
      )}
      {notice && (
        <p className="alert ops-alert-success" role="status">
          {notice}
        </p>
      )}
      {isDriver && !user.deleted_at && (
        <Button variant="ghost" aria-expanded={ledgerOpen} onClick={() => setLedgerOpen((open) => !open)}>
          {ledgerOpen ? 'Ocultar Saldo con Jala' : 'Saldo con Jala'}
        </Button>
      )}
      {ledgerOpen && <DriverLedgerPanel driverId={user.id} />}
    </article>
  );
}

/** Find users by name, e-mail or phone; suspend them with a reason or reactivate them. */
export function UsersPanel() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const { data, error, isPending } = useQuery({ queryKey: operatorKeys.users(q), queryFn: () => searchUsers(q) });
  return (
    <div className="stack stack--loose">
      <form
        className="stack stack--tight"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        {/* What to type is in the label: a placeholder that long is cut beside the button on a phone. */}
        <label className="field__label" htmlFor="ops-user-q">
          Buscar usuario por nombre, correo o teléfono
        </label>
        <div className="ops-search">
          <input
            id="ops-user-q"
            className="field__control"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={100}
          />
          <Button type="submit" variant="primary">
            Buscar
          </Button>
        </div>
      </form>
      {isPending && <p role="status">Cargando usuarios...</p>}
      {error && (
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      {data?.length === 0 && <p className="ops-empty">Nadie coincide con la búsqueda.</p>}
      {data?.map((user) => (
        <UserCard key={user.id} user={user} />
      ))}
    </div>
  );
}

/** Operators add colleagues by e-mail (they must have an account) and remove them; never the last one. */
export function OperatorsPanel() {
  const me = useSession((s) => s.user?.id);
  const client = useQueryClient();
  const { data, error } = useQuery({ queryKey: operatorKeys.operators(), queryFn: fetchOperators });
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: operatorKeys.operators() });
  const add = useMutation({
    mutationFn: (value: string) => addOperator(value),
    onSuccess: async (r) => {
      setNotice(r.message);
      setEmail('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeOperator(id),
    onSuccess: async (r) => {
      setNotice(r.message);
      await refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) add.mutate(email.trim());
  };
  return (
    <div className="stack stack--loose">
      <form className="stack stack--tight" onSubmit={submit}>
        <label className="field__label" htmlFor="ops-new-operator">
          Agregar operador (correo de una cuenta existente)
        </label>
        <div className="ops-search">
          <input
            id="ops-new-operator"
            type="email"
            className="field__control"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="operadora@jala.pe"
            maxLength={254}
          />
          <Button type="submit" variant="primary" disabled={add.isPending}>
            Agregar
          </Button>
        </div>
      </form>
      {(add.error ?? remove.error) && (
        <p className="alert alert--error" role="alert">
          {errorMessage(add.error ?? remove.error)}
        </p>
      )}
      {notice && (
        <p className="alert ops-alert-success" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <ul className="ops-rows">
        {data?.map((operator) => (
          <li key={operator.id} className="ops-row ops-row--static">
            {/* One item in the wrapping row, so '(tú)' stays after the name instead of on a line of its own. */}
            <span className="ops-row__main">
              <span>
                <strong>{operator.name}</strong>
                {operator.id === me ? ' (tú)' : ''}
              </span>
            </span>
            <span className="ops-row__line ops-muted ops-wrap">{operator.email}</span>
            <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(operator.id)}>
              Quitar rol
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The append-only audit log, newest first. */
export function AuditPanel() {
  const { data, error, isPending } = useQuery({ queryKey: operatorKeys.audit(), queryFn: fetchAudit });
  if (isPending) return <p role="status">Cargando auditoría...</p>;
  if (error)
    return (
      <p className="alert alert--error" role="alert">
        {errorMessage(error)}
      </p>
    );
  if (data.length === 0) return <p className="ops-empty">Aún no hay acciones registradas.</p>;
  return (
    <ol className="ops-rows" aria-label="Registro de auditoría">
      {data.map((entry) => (
        <li key={entry.id} className="ops-row ops-row--static">
          <span className="ops-row__main">
            <strong>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</strong> ·{' '}
            {AUDIT_TARGET_LABELS[entry.target_type] ?? entry.target_type} {entry.target_id ?? ''}
          </span>
          <span className="ops-row__line ops-muted ops-wrap">
            {entry.actor} · {formatDateTime(entry.created_at)}
          </span>
          <details className="ops-details">
            <summary>Antes y después</summary>
            <pre className="ops-json">{JSON.stringify({ antes: entry.before, despues: entry.after }, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
