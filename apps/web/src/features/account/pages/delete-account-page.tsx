import '../account.css';

import { type DeleteAccountRequest, zDeleteAccountRequest } from '@jala/contracts';
import { DELETED_USER_NAME, profilePathFor } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { ErrorBanner, TextField } from '@/components/ui/form-field';
import { dropLocalPush } from '@/lib/push';
import { useSession } from '@/lib/session-store';

import { ACCOUNT_ERRORS, deleteAccount } from '../api/account-api';
import { AccountDataDownload } from '../components/account-data-download';

/**
 * 'Eliminar mi cuenta' (/cuenta/eliminar): what goes and what stays, the data export first if wanted, then the
 * password to confirm. The server refuses while a trip is live or a ride is booked, and says so here. Done,
 * this device's session ends and the login page says the account was deleted.
 */
export function DeleteAccountPage() {
  const userType = useSession((s) => s.user?.user_type);
  const clearSession = useSession((s) => s.clearSession);
  const { form, formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver<DeleteAccountRequest, DeleteAccountRequest>(zDeleteAccountRequest),
    defaultValues: { password: '' },
    fallbackError: ACCOUNT_ERRORS.delete,
  });
  const remove = useMutation({
    mutationFn: ({ password }: DeleteAccountRequest) => deleteAccount(password),
    onSuccess: async () => {
      // The server removed this device's subscription with the account; the browser forgets it too.
      await dropLocalPush().catch(() => undefined);
      clearSession('deleted');
    },
  });
  const busy = remove.isPending || form.formState.isSubmitting;

  return (
    <AppLayout title="Eliminar mi cuenta" back={{ to: profilePathFor(userType) }}>
      <div className="stack stack--loose">
        <CardSection id="acc-delete-what" title="Qué pasará" className="acc-delete">
          <ul className="acc-consequences">
            <li>Se cerrará tu sesión en todos tus dispositivos y dejarás de recibir notificaciones.</li>
            <li>
              Borraremos tus lugares guardados, tus contactos de confianza y, si conduces, tu foto y tus documentos.
            </li>
            <li>
              Tus viajes, recibos y calificaciones se conservan para la otra persona y por obligaciones tributarias, sin
              tu nombre, correo ni celular: aparecerás como «{DELETED_USER_NAME}».
            </li>
            <li>Podrás registrarte otra vez con el mismo correo, pero no recuperarás nada de esta cuenta.</li>
          </ul>
          <AccountDataDownload />
        </CardSection>
        <form
          className="card form"
          noValidate
          onSubmit={onSubmit(remove.mutateAsync)}
          ref={formRef}
          aria-label="Confirmar eliminación"
        >
          <ErrorBanner message={banner} />
          <TextField
            label="Escribe tu contraseña para confirmar"
            type="password"
            autoComplete="current-password"
            {...field('password')}
          />
          <Button type="submit" variant="danger" block disabled={busy}>
            {busy ? 'Eliminando...' : 'Eliminar mi cuenta'}
          </Button>
        </form>
      </div>
    </AppLayout>
  );
}
