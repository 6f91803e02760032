import { z } from 'zod';

import { zAcceptTerms } from '../accounts/account';
import { zDateOnly, zEmail, zLastName, zPersonName, zPeruPhone } from './fields';
import { zNewPassword } from './password';
import { CONTROL_CHARACTERS_MESSAGE, isCleanText, zText } from './text';
import { zUser, zUserType } from './user';

export const zLoginRequest = z.object({
  email: zEmail,
  password: zText({ error: 'La contraseña es obligatoria.', trim: false })
    .min(1, 'La contraseña es obligatoria.')
    .max(200),
});
export type LoginRequest = z.infer<typeof zLoginRequest>;

export const zRegisterRequest = z.object({
  first_name: zPersonName,
  last_name: zLastName,
  email: zEmail,
  phone: zPeruPhone,
  password: zNewPassword,
  user_type: zUserType.default('passenger'),
  /** The 'Términos y condiciones' and 'Política de privacidad' checkbox (Ley 29733): the current version is recorded. */
  accept_terms: zAcceptTerms,
});
export type RegisterRequest = z.input<typeof zRegisterRequest>;

export const zAuthResult = z.object({ user: zUser, token: z.string() });
export type AuthResult = z.infer<typeof zAuthResult>;

/** PUT /auth/profile: every field optional, each validated when present. */
export const zUpdateUserRequest = z
  .object({
    first_name: zPersonName,
    last_name: zLastName,
    email: zEmail,
    phone: zPeruPhone,
    avatar_url: z
      .url('La URL del avatar no es válida.')
      .max(500)
      .refine((url) => isCleanText(url), CONTROL_CHARACTERS_MESSAGE)
      .nullable(),
  })
  .partial();
export type UpdateUserRequest = z.infer<typeof zUpdateUserRequest>;

/** POST /auth/register-driver (spec §3 'Driver registration payload'). */
export const zRegisterDriverRequest = z.object({
  license_number: zText({ error: 'Este campo es obligatorio.' }).min(1, 'Este campo es obligatorio.').max(30),
  license_expiry_date: zDateOnly,
  vehicle_type: z.enum(['mototaxi', 'auto'], { error: 'Tipo de vehículo no válido.' }),
  license_plate: zText({ error: 'Requerido' }).min(1, 'Requerido').max(12),
  brand: zText({ error: 'Requerido' }).min(1, 'Requerido').max(40),
  model: zText({ error: 'Requerido' }).min(1, 'Requerido').max(40),
  color: zText({ error: 'Requerido' }).min(1, 'Requerido').max(30),
});
export type RegisterDriverRequest = z.infer<typeof zRegisterDriverRequest>;
