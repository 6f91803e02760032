import '../documents.css';

import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE_MESSAGE,
  type DocumentKind,
  type DriverDocument,
} from '@jala/contracts';
import { canResubmitDocuments } from '@jala/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';

import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { buttonClassName } from '@/components/ui/button';
import { InlineError, TextField } from '@/components/ui/form-field';
import { PrivateImage } from '@/components/ui/private-image';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage, SERVER_ERROR_MESSAGE } from '@/lib/api/api-client';

import { driverKeys, fetchOwnDocumentFile, submitDriverDocuments, uploadDriverDocument } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { useDriverDocuments, useDriverProfile, useUserId } from '../hooks/use-driver-queries';
import { InlineLoading, SuccessBanner } from './inline-status';
import { USUAL_REVIEW_TIME } from './verification-waiting';

/** The file's bytes as base64 (without the data-URL prefix), read in the browser. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('No se pudo leer el archivo.'));
    reader.readAsDataURL(file);
  });
}

function DocumentSlot({ kind, document }: { kind: DocumentKind; document: DriverDocument | undefined }) {
  const inputId = useId();
  const client = useQueryClient();
  const userId = useUserId();
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => uploadDriverDocument(kind, await readAsBase64(file)),
    onSuccess: () => client.invalidateQueries({ queryKey: driverKeys.documents(userId) }),
    onError: (failure) => setError(errorMessage(failure)),
  });
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    // Checked here too so a phone does not upload 20 MB only to be refused.
    if (file.size > DOCUMENT_MAX_BYTES) {
      setError(DOCUMENT_TOO_LARGE_MESSAGE);
      return;
    }
    upload.mutate(file);
  };
  const label = DOCUMENT_KIND_LABELS[kind];
  return (
    <li className="doc-slot">
      <span className="doc-slot__label">{label}</span>
      {document ? (
        <PrivateImage
          key={document.id}
          load={() => fetchOwnDocumentFile(document.id)}
          alt={label}
          className="doc-slot__image"
        />
      ) : (
        <span className="doc-slot__missing">Falta subir</span>
      )}
      {/* capture: on a phone the camera opens directly; on a computer it is an ordinary file picker. */}
      <input
        id={inputId}
        className="doc-slot__input"
        type="file"
        accept="image/*,.heic,.heif"
        capture="environment"
        onChange={onFile}
        disabled={upload.isPending}
      />
      <label
        htmlFor={inputId}
        className={buttonClassName({ variant: document ? 'ghost' : 'primary', className: 'doc-slot__button' })}
        aria-disabled={upload.isPending}
      >
        {upload.isPending ? 'Subiendo...' : document ? 'Cambiar foto' : 'Tomar o elegir foto'}
      </label>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * 'Documentos' of the driver profile: the five photos an operator checks (licence both sides, SOAT,
 * property card, vehicle with plate), where the review stands, the operator's reason after a rejection
 * and any expiry warning; sending them (again) for review with the SOAT's expiry date. Documents belong to
 * a driver profile: before it exists the tab says so and asks the server nothing.
 */
export function DocumentsSection() {
  const profile = useDriverProfile();
  if (profile.isPending) return <InlineLoading text="Cargando documentos..." />;
  if (profile.isError)
    return (
      <RetryAlert message={errorMessage(profile.error, DRIVER_ERRORS.profile)} onRetry={() => void profile.refetch()} />
    );
  if (profile.data === null) {
    return (
      <p className="card" data-testid="documents-need-profile">
        Primero registra tu perfil de conductor en la pestaña «Perfil»; luego podrás subir aquí tus documentos.
      </p>
    );
  }
  return <DocumentsPanel />;
}

function DocumentsPanel() {
  const userId = useUserId();
  const client = useQueryClient();
  const { data, error, isPending, refetch } = useDriverDocuments();
  const [sent, setSent] = useState<string | null>(null);
  const { formRef, banner, field, onSubmit } = useSchemaForm({
    defaultValues: { soat_expiry_date: '' },
    fallbackError: SERVER_ERROR_MESSAGE,
  });
  const submit = useMutation({
    mutationFn: (values: { soat_expiry_date: string }) => submitDriverDocuments(values.soat_expiry_date),
    onSuccess: async (result) => {
      setSent(result.message);
      client.setQueryData(driverKeys.documents(userId), result.data);
      await client.invalidateQueries({ queryKey: driverKeys.all });
    },
  });
  if (isPending) return <InlineLoading text="Cargando documentos..." />;
  if (error) {
    return <RetryAlert message={errorMessage(error)} onRetry={() => void refetch()} />;
  }
  const waiting = data.verification_status === 'pending_verification' && data.submitted_at !== null;
  return (
    <div className="stack stack--loose">
      {data.expiry_notice && (
        <p className={`alert ${data.documents_expired ? 'alert--error' : 'drv-alert-warning'}`} role="alert">
          {data.expiry_notice}
        </p>
      )}
      {data.verification_status === 'rejected' && data.rejection_reason && (
        <div className="alert alert--error doc-rejection" role="alert">
          <strong>Tus documentos fueron rechazados.</strong>
          <p>Motivo: {data.rejection_reason}</p>
          <p>Vuelve a subir las fotos que correspondan y envíalas otra vez.</p>
        </div>
      )}
      {data.verification_status === 'verified' && (
        <p className="alert drv-alert-success">Documentos verificados. Puedes recibir solicitudes.</p>
      )}
      {waiting && (
        <p className="alert drv-alert-warning">
          Tus documentos están en revisión; suele tomar {USUAL_REVIEW_TIME}. Te avisaremos en la app cuando un operador
          los revise.
        </p>
      )}
      <ul className="list-plain list-plain--pairs" aria-label="Tus documentos">
        {DOCUMENT_KINDS.map((kind) => (
          <DocumentSlot key={kind} kind={kind} document={data.documents.find((d) => d.kind === kind)} />
        ))}
      </ul>
      <p className="doc-hint">JPEG, PNG, WebP o HEIC de hasta 10 MB. Guardamos la foto sin datos de ubicación.</p>
      {/* A verified driver sends papers again only to renew them (the server answers 409 otherwise). */}
      {!canResubmitDocuments(data.verification_status, data.expiry_notice) ? (
        <p className="doc-hint" role="note">
          Tus documentos ya están verificados: no hace falta enviarlos a revisión otra vez. Cuando tu licencia o tu SOAT
          estén por vencer, podrás enviar aquí los renovados.
        </p>
      ) : (
        <form
          className="stack stack--tight"
          onSubmit={onSubmit((values) => {
            setSent(null);
            return submit.mutateAsync(values);
          })}
          noValidate
          ref={formRef}
        >
          <TextField
            label="Fecha de vencimiento del SOAT"
            id="soat-expiry"
            type="date"
            {...field('soat_expiry_date')}
          />
          <InlineError message={banner} />
          <Button type="submit" variant="primary" block disabled={submit.isPending || data.missing.length > 0}>
            {submit.isPending ? 'Enviando...' : 'Enviar a revisión'}
          </Button>
          {data.missing.length > 0 && (
            <p className="doc-hint">Falta: {data.missing.map((kind) => DOCUMENT_KIND_LABELS[kind]).join(', ')}.</p>
          )}
        </form>
      )}
      {/* Where the user just sent them: the confirmation while they wait, then the operator's decision in its place. */}
      {waiting || sent === null ? (
        <SuccessBanner message={sent} />
      ) : (
        <DecisionNotice verificationStatus={data.verification_status} reason={data.rejection_reason} />
      )}
    </div>
  );
}

/** The operator's decision, told live (useVerificationFeed) to a driver who sent the documents in this visit. */
function DecisionNotice({ verificationStatus, reason }: { verificationStatus: string; reason: string | null }) {
  if (verificationStatus === 'verified') {
    return (
      <p className="alert drv-alert-success" role="status">
        Un operador aprobó tus documentos: ya puedes recibir solicitudes.
      </p>
    );
  }
  if (verificationStatus === 'rejected') {
    return (
      <p className="alert alert--error" role="alert">
        Un operador rechazó tus documentos{reason ? `: ${reason}` : ''}. Vuelve a subir las fotos que correspondan.
      </p>
    );
  }
  return null;
}
