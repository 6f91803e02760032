/**
 * Passwords: the rule every new password follows (sign-up, reset, change), the reset by e-mail and the change
 * a signed-in person makes knowing the current one.
 */
import { z } from 'zod';

import { zEmail } from './fields';
import { zText } from './text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** A password someone chooses: sign-up, a reset and a change all follow this one rule. */
export const zNewPassword = zText({ error: 'La contraseña es obligatoria.', trim: false })
  .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`)
  .max(PASSWORD_MAX_LENGTH, 'La contraseña es demasiado larga.');

const PASSWORDS_DIFFER = 'Las contraseñas no coinciden.';
/** The repeat field of a new password: only its equality matters, checked by the object below. */
const zPasswordConfirmation = z.string({ error: 'Repite la nueva contraseña.' }).max(PASSWORD_MAX_LENGTH);

/** How long a reset link lives (minutes): long enough to open the mail, short enough to be worth little if leaked. */
export const PASSWORD_RESET_MINUTES = 30;

/**
 * A reset link's token: 32 random bytes in base64url (256 bits), the only part of the link the server can
 * check. Anything else is not a link the server sent.
 */
export const PASSWORD_RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const INVALID_RESET_LINK_MESSAGE =
  'Este enlace para restablecer la contraseña no es válido. Revisa que esté completo o pide uno nuevo.';
const zResetToken = z
  .string({ error: INVALID_RESET_LINK_MESSAGE })
  .regex(PASSWORD_RESET_TOKEN_PATTERN, INVALID_RESET_LINK_MESSAGE);

/** POST /auth/password-reset: "¿Olvidaste tu contraseña?". */
export const zPasswordResetRequest = z.object({ email: zEmail });
export type PasswordResetRequest = z.infer<typeof zPasswordResetRequest>;

/** POST /auth/password-reset/check: is this link still good (before the person types a new password)? */
export const zPasswordResetCheck = z.object({ token: zResetToken });
export type PasswordResetCheck = z.infer<typeof zPasswordResetCheck>;

/** The account a live link is for (its holder read it in their own mailbox) and when the link dies. */
export const zPasswordResetLink = z.object({ email: z.string(), expires_at: z.string() });
export type PasswordResetLink = z.infer<typeof zPasswordResetLink>;

/** POST /auth/password-reset/confirm: the new password, typed twice. */
export const zPasswordResetConfirm = z
  .object({ token: zResetToken, password: zNewPassword, password_confirmation: zPasswordConfirmation })
  .refine((value) => value.password === value.password_confirmation, {
    message: PASSWORDS_DIFFER,
    path: ['password_confirmation'],
  });
export type PasswordResetConfirm = z.infer<typeof zPasswordResetConfirm>;

/** PUT /auth/password: a signed-in person changes their password, proving they know the current one. */
export const zChangePasswordRequest = z
  .object({
    current_password: zText({ error: 'Escribe tu contraseña actual.', trim: false })
      .min(1, 'Escribe tu contraseña actual.')
      .max(PASSWORD_MAX_LENGTH),
    password: zNewPassword,
    password_confirmation: zPasswordConfirmation,
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: PASSWORDS_DIFFER,
    path: ['password_confirmation'],
  })
  .refine((value) => value.password !== value.current_password, {
    message: 'La nueva contraseña debe ser distinta de la actual.',
    path: ['password'],
  });
export type ChangePasswordRequest = z.infer<typeof zChangePasswordRequest>;
