import { z } from 'zod';
import { zUser, zUserType } from './user';
import { zEmail, zPeruPhone, zPersonName, zLastName, zDateOnly } from './fields';
import { CONTROL_CHARACTERS_MESSAGE, isCleanText, zText } from './text';

export const zLoginRequest = z.object({
  email: zEmail,
  password: zText({ error: 'La contraseña es obligatoria.', trim: false }).min(1, 'La contraseña es obligatoria.').max(200),
});
export type LoginRequest = z.infer<typeof zLoginRequest>;

export const PASSWORD_MIN_LENGTH = 8;

export const zRegisterRequest = z.object({
  first_name: zPersonName,
  last_name: zLastName,
  email: zEmail,
  phone: zPeruPhone,
  password: zText({ error: 'La contraseña es obligatoria.', trim: false })
    .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`)
    .max(200, 'La contraseña es demasiado larga.'),
  user_type: zUserType.default('passenger'),
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
    avatar_url: z.url('La URL del avatar no es válida.').max(500).refine((url) => isCleanText(url), CONTROL_CHARACTERS_MESSAGE).nullable(),
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
