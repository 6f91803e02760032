import { type ChangePasswordRequest, zChangePasswordRequest } from '@jala/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { InlineError, TextField } from '@/components/ui/form-field';

import { changePassword, PASSWORD_ERRORS } from '../api/password-api';
import { NewPasswordFields } from './new-password-fields';

const EMPTY: ChangePasswordRequest = { current_password: '', password: '', password_confirmation: '' };

export const PASSWORD_CHANGED_NOTICE =
  'Listo: tu contraseña cambió. Cerramos tus otras sesiones y te enviamos un correo de aviso.';

function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { formRef, banner, field, onSubmit } = useSchemaForm<ChangePasswordRequest>({
    resolver: contractResolver<ChangePasswordRequest, ChangePasswordRequest>(zChangePasswordRequest),
    defaultValues: EMPTY,
    fallbackError: PASSWORD_ERRORS.change,
  });
  // A wrong current password comes back as that field's message (400), shown under it by the form.
  const saving = useMutation({ mutationFn: changePassword, onSuccess: onDone });
  return (
    <form className="form" noValidate onSubmit={onSubmit(saving.mutateAsync)} ref={formRef}>
      <TextField
        label="Contraseña actual"
        type="password"
        autoComplete="current-password"
        {...field('current_password')}
      />
      <NewPasswordFields password={field('password')} confirmation={field('password_confirmation')} />
      <Button type="submit" variant="primary" block disabled={saving.isPending}>
        {saving.isPending ? 'Guardando...' : 'Guardar contraseña'}
      </Button>
      <InlineError message={banner} />
      <Button variant="ghost" block onClick={onCancel} disabled={saving.isPending}>
        Cancelar
      </Button>
    </form>
  );
}

/**
 * 'Contraseña' in both profiles: a change made knowing the current password. The server ends every other session
 * of the account (this one stays) and mails "Tu contraseña cambió".
 */
export function ChangePasswordSection() {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <CardSection id="pw-change-title" title="Contraseña" className="stack pw-change">
      {notice && (
        <p className="alert tone--success" role="status">
          {notice}
        </p>
      )}
      {open ? (
        <ChangePasswordForm
          onDone={() => {
            setNotice(PASSWORD_CHANGED_NOTICE);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <>
          <p className="section-note">Al cambiarla cerramos las sesiones abiertas en tus otros dispositivos.</p>
          <Button
            variant="ghost"
            block
            onClick={() => {
              setNotice(null);
              setOpen(true);
            }}
          >
            Cambiar contraseña
          </Button>
        </>
      )}
    </CardSection>
  );
}
