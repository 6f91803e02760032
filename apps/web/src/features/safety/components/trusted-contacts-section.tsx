import type { TrustedContactInput } from '@jala/contracts';
import { formatPeruvianPhone, TRUSTED_CONTACTS_MAX } from '@jala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';

import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { InlineError, TextField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api/api-client';

import { fetchContacts, SAFETY_ERRORS, safetyKeys, saveContacts } from '../api/safety-api';

const EMPTY: TrustedContactInput = { name: '', phone: '' };

/**
 * Up to 5 trusted contacts (name and Peruvian mobile), passenger and driver alike. The first is the
 * emergency contact: "Compartir viaje" and SOS prefill WhatsApp for them. Validation is the server's (its
 * messages show under each row's fields: `contacts.N.phone`).
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
  const { form, formRef, banner, field, onSubmit } = useSchemaForm<{ contacts: TrustedContactInput[] }>({
    defaultValues: { contacts: [] },
    fallbackError: SAFETY_ERRORS.saveContacts,
  });
  const rows = useFieldArray({ control: form.control, name: 'contacts' });
  const { reset } = form;
  useEffect(() => {
    if (contacts.data) reset({ contacts: contacts.data.map((c) => ({ ...c })) });
  }, [contacts.data, reset]);
  const save = useMutation({
    mutationFn: (list: TrustedContactInput[]) => saveContacts(list),
    onSuccess: (saved) => {
      queryClient.setQueryData(safetyKeys.contacts, saved);
      onSaved?.();
    },
  });
  const submit = ({ contacts: list }: { contacts: TrustedContactInput[] }) =>
    save.mutateAsync(list.filter((row) => row.name.trim() || row.phone.trim()));

  return (
    <CardSection id="sf-contacts-title" title="Contactos de confianza" className="sf-contacts">
      <p className="section-note">
        Hasta {TRUSTED_CONTACTS_MAX}. El primero es tu contacto de emergencia: le enviamos tu viaje en vivo cuando
        compartes o usas SOS.
      </p>
      {contacts.isError && (
        <p className="sf-error" role="alert">
          {errorMessage(contacts.error, SAFETY_ERRORS.contacts)}
        </p>
      )}
      <form onSubmit={onSubmit(submit)} noValidate ref={formRef}>
        <ol className="sf-contacts__list">
          {rows.fields.map((row, index) => (
            <li key={row.id} className="tile sf-contacts__row">
              <p className="sf-contacts__label">{index === 0 ? 'Contacto de emergencia' : `Contacto ${index + 1}`}</p>
              <TextField label="Nombre" autoComplete="off" {...field(`contacts.${index}.name`)} />
              <TextField
                label="Celular"
                inputMode="tel"
                autoComplete="off"
                placeholder="987 654 321"
                {...field(`contacts.${index}.phone`)}
              />
              <Button variant="ghost" className="sf-contacts__remove" onClick={() => rows.remove(index)}>
                Quitar
              </Button>
            </li>
          ))}
        </ol>
        {rows.fields.length < TRUSTED_CONTACTS_MAX && (
          <Button variant="ghost" block onClick={() => rows.append({ ...EMPTY })}>
            Agregar contacto
          </Button>
        )}
        <Button type="submit" variant="primary" block className="sf-contacts__save" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar contactos'}
        </Button>
        <InlineError message={banner} className="sf-error" />
        {save.isSuccess && (
          <p className="sf-ok" role="status">
            Contactos guardados
            {save.data[0] ? `. Emergencia: ${save.data[0].name} (${formatPeruvianPhone(save.data[0].phone)})` : ''}.
          </p>
        )}
      </form>
    </CardSection>
  );
}
