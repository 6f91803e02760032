import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrustedContactInput } from '@jala/contracts';
import { formatPeruvianPhone, TRUSTED_CONTACTS_MAX } from '@jala/domain';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { fetchContacts, safetyKeys, SAFETY_ERRORS, saveContacts } from '../api';

const EMPTY: TrustedContactInput = { name: '', phone: '' };

/**
 * Up to 5 trusted contacts (name and Peruvian mobile), passenger and driver alike. The first is the
 * emergency contact: "Compartir viaje" and SOS prefill WhatsApp for them. Validation is the server's.
 */
export interface TrustedContactsSectionProps {
  /** Called after saving: the first contact is the profile's emergency contact, the page refreshes its copy. */
  onSaved?: () => void;
  /** The emergency contact as the page's own form knows it; when it changes, the list is read again. */
  emergencyPhone?: string | null;
}

export function TrustedContactsSection({ onSaved, emergencyPhone }: TrustedContactsSectionProps) {
  const queryClient = useQueryClient();
  // Always fresh on mount: the profile form edits the first contact too.
  const contacts = useQuery({ queryKey: safetyKeys.contacts, queryFn: fetchContacts, refetchOnMount: 'always' });
  const { refetch } = contacts;
  useEffect(() => {
    if (emergencyPhone !== undefined) void refetch();
  }, [emergencyPhone, refetch]);
  const [rows, setRows] = useState<TrustedContactInput[]>([]);
  useEffect(() => {
    if (contacts.data) setRows(contacts.data.map((c) => ({ ...c })));
  }, [contacts.data]);
  const save = useMutation({
    mutationFn: (list: TrustedContactInput[]) => saveContacts(list),
    onSuccess: (saved) => {
      queryClient.setQueryData(safetyKeys.contacts, saved);
      onSaved?.();
    },
  });

  const update = (index: number, field: keyof TrustedContactInput, value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(rows.filter((row) => row.name.trim() || row.phone.trim()));
  };
  const fields = isApiError(save.error) ? save.error.fields : undefined;

  return (
    <section className="card sf-contacts" aria-labelledby="sf-contacts-title">
      <h2 id="sf-contacts-title" className="sf-title">
        Contactos de confianza
      </h2>
      <p className="sf-muted">
        Hasta {TRUSTED_CONTACTS_MAX}. El primero es tu contacto de emergencia: le enviamos tu viaje en vivo cuando compartes o usas SOS.
      </p>
      {contacts.isError && (
        <p className="sf-error" role="alert">
          {errorMessage(contacts.error, SAFETY_ERRORS.contacts)}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <ol className="sf-contacts__list">
          {rows.map((row, index) => (
            <li key={index} className="sf-contacts__row">
              <p className="sf-contacts__label">{index === 0 ? 'Contacto de emergencia' : `Contacto ${index + 1}`}</p>
              <label className="sf-field">
                <span>Nombre</span>
                <input className="input" value={row.name} autoComplete="off" onChange={(e) => update(index, 'name', e.target.value)} />
              </label>
              {fields?.[`contacts.${index}.name`] && <p className="sf-error">{fields[`contacts.${index}.name`]}</p>}
              <label className="sf-field">
                <span>Celular</span>
                <input className="input" value={row.phone} inputMode="tel" autoComplete="off" placeholder="987 654 321" onChange={(e) => update(index, 'phone', e.target.value)} />
              </label>
              {fields?.[`contacts.${index}.phone`] && <p className="sf-error">{fields[`contacts.${index}.phone`]}</p>}
              <button type="button" className="btn btn--ghost sf-contacts__remove" onClick={() => setRows((current) => current.filter((_, i) => i !== index))}>
                Quitar
              </button>
            </li>
          ))}
        </ol>
        {rows.length < TRUSTED_CONTACTS_MAX && (
          <button type="button" className="btn btn--ghost btn--block" onClick={() => setRows((current) => [...current, { ...EMPTY }])}>
            Agregar contacto
          </button>
        )}
        <button type="submit" className="btn btn--primary btn--block sf-contacts__save" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar contactos'}
        </button>
        {save.isError && (
          <p className="sf-error" role="alert">
            {errorMessage(save.error, SAFETY_ERRORS.saveContacts)}
          </p>
        )}
        {save.isSuccess && (
          <p className="sf-ok" role="status">
            Contactos guardados{save.data[0] ? `. Emergencia: ${save.data[0].name} (${formatPeruvianPhone(save.data[0].phone)})` : ''}.
          </p>
        )}
      </form>
    </section>
  );
}
