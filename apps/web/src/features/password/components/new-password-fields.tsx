import { PASSWORD_MIN_LENGTH } from '@jala/contracts';
import type { ComponentProps } from 'react';

import { TextField } from '@/components/ui/form-field';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label'>;

/**
 * The new password and its repetition, alike wherever a password is set anew (the reset link and the
 * change made knowing the current one): the same labels, hint and autocomplete, so password managers offer
 * to save the new one. Each prop is the form's `field(name)`.
 */
export function NewPasswordFields({ password, confirmation }: { password: FieldProps; confirmation: FieldProps }) {
  return (
    <>
      <TextField
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        hint={`Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`}
        {...password}
      />
      <TextField label="Repite la nueva contraseña" type="password" autoComplete="new-password" {...confirmation} />
    </>
  );
}
