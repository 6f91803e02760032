import { DOCUMENT_KIND_LABELS, type QueuedDriver } from '@jala/contracts';
import { formatLimaDate, formatPeruvianPhone } from '@jala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PrivateImage } from '@/components/ui/private-image';
import { PhoneVerifiedBadge } from '@/features/phone-verification';
import { errorMessage } from '@/lib/api/api-client';

import { approveDriver, fetchDriverDocument, fetchQueue, operatorKeys, rejectDriver } from '../api/operators-api';
import { formatDateTime } from '../model/operators-format';
import { ReasonForm } from './reason-form';

function QueuedDriverCard({ driver }: { driver: QueuedDriver }) {
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: operatorKeys.queue() });
  const approve = useMutation({
    mutationFn: () => approveDriver(driver.id),
    onSuccess: async (result) => {
      setNotice(result.message);
      await refresh();
    },
  });
  const reject = useMutation({
    mutationFn: (reason: string) => rejectDriver(driver.id, reason),
    onSuccess: async (result) => {
      setNotice(result.message);
      await refresh();
    },
  });
  return (
    <article className="card ops-card" aria-labelledby={`driver-${driver.id}`}>
      <header className="stack stack--close">
        <h3 id={`driver-${driver.id}`} className="ops-card__title">
          {driver.name}
        </h3>
        <p className="ops-muted">Enviado el {formatDateTime(driver.submitted_at)}</p>
      </header>
      <dl className="ops-facts">
        <div>
          <dt>Correo</dt>
          <dd>{driver.email}</dd>
        </div>
        <div>
          <dt>Teléfono</dt>
          <dd className="ops-phone">
            {driver.phone ? formatPeruvianPhone(driver.phone) : '—'}{' '}
            {driver.phone_verified ? (
              <PhoneVerifiedBadge />
            ) : (
              <Badge tone="warning" className="ops-phone__unverified">
                Celular sin verificar
              </Badge>
            )}
          </dd>
        </div>
        <div>
          <dt>Licencia</dt>
          <dd>
            {driver.license_number} · vence {formatLimaDate(driver.license_expiry_date)}
          </dd>
        </div>
        <div>
          <dt>SOAT</dt>
          <dd>vence {formatLimaDate(driver.soat_expiry_date)}</dd>
        </div>
        {driver.vehicle && (
          <div>
            <dt>Vehículo</dt>
            <dd>
              {driver.vehicle.brand} {driver.vehicle.model} · {driver.vehicle.color} · placa{' '}
              {driver.vehicle.license_plate}
            </dd>
          </div>
        )}
      </dl>
      <ul className="list-plain list-plain--pairs ops-documents" aria-label={`Documentos de ${driver.name}`}>
        {driver.documents.map((doc) => (
          <li key={doc.id} className="ops-document stack stack--close">
            <PrivateImage
              key={doc.id}
              load={() => fetchDriverDocument(driver.id, doc.id)}
              alt={DOCUMENT_KIND_LABELS[doc.kind]}
              className="ops-document__image"
            />
            <span className="ops-document__label">{DOCUMENT_KIND_LABELS[doc.kind]}</span>
          </li>
        ))}
      </ul>
      <div className="stack">
        {!driver.phone_verified && (
          <p className="ops-muted">
            Podrás aprobarlo cuando verifique su celular con el código por SMS (desde su perfil en la app).
          </p>
        )}
        <Button variant="primary" disabled={approve.isPending} onClick={() => approve.mutate()}>
          {approve.isPending ? 'Aprobando...' : 'Aprobar conductor'}
        </Button>
        {approve.error && (
          <p className="alert alert--error" role="alert">
            {errorMessage(approve.error)}
          </p>
        )}
        <ReasonForm
          label="Motivo del rechazo (lo leerá el conductor)"
          submitLabel="Rechazar"
          danger
          placeholder="Ej.: la foto del SOAT está borrosa"
          onSubmit={(reason) => reject.mutateAsync(reason)}
        />
      </div>
      {notice && (
        <p className="alert ops-alert-success" role="status">
          {notice}
        </p>
      )}
    </article>
  );
}

/** Drivers waiting for review, oldest first, each with their documents side by side. */
export function VerificationQueue() {
  const { data, error, isPending, refetch } = useQuery({ queryKey: operatorKeys.queue(), queryFn: fetchQueue });
  if (isPending) return <p role="status">Cargando cola...</p>;
  if (error)
    return (
      <div className="alert alert--error" role="alert">
        {errorMessage(error)}{' '}
        <Button variant="ghost" onClick={() => void refetch()}>
          Reintentar
        </Button>
      </div>
    );
  if (data.length === 0) return <p className="ops-empty">No hay conductores esperando verificación.</p>;
  return (
    <div className="stack stack--loose">
      <p className="ops-muted">
        {data.length === 1 ? '1 conductor espera' : `${data.length} conductores esperan`} (el más antiguo primero).
      </p>
      {data.map((driver) => (
        <QueuedDriverCard key={driver.id} driver={driver} />
      ))}
    </div>
  );
}
