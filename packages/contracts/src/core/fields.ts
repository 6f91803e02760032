import { isValidEmail, isValidPeruvianPhone, normalizePeruvianMobile } from '@jala/domain';
import { z } from 'zod';

import { ID_MAX, INVALID_ID_MESSAGE, zText } from './text';

/** Reusable field schemas whose rules live in the domain package and whose messages are Spanish. */
export const zEmail = zText({ error: 'El correo es obligatorio.' })
  .toLowerCase()
  .min(1, { message: 'El correo es obligatorio.', abort: true })
  .max(254, 'El correo es demasiado largo.')
  .refine(isValidEmail, 'Ingresa un correo electrónico válido.');

/** A Peruvian mobile in any usual form ('987 654 321', '+51 987654321', …), stored as its 9 digits. */
export const zPeruPhone = zText({ error: 'El teléfono es obligatorio.', trim: false })
  .refine(isValidPeruvianPhone, 'Ingresa un celular peruano de 9 dígitos que empiece con 9.')
  .transform((value) => normalizePeruvianMobile(value) ?? value);

export const zPersonName = zText({ error: 'El nombre es obligatorio.' })
  .min(1, 'El nombre es obligatorio.')
  .max(60, 'El nombre es demasiado largo.');

/** Same rule as zPersonName, with its own words: an empty 'Apellido' must not say the name is missing. */
export const zLastName = zText({ error: 'El apellido es obligatorio.' })
  .min(1, 'El apellido es obligatorio.')
  .max(60, 'El apellido es demasiado largo.');

/** A calendar date as YYYY-MM-DD (the client sends the first 10 characters of an ISO date). */
export const zDateOnly = zText({ error: 'Fecha requerida.', trim: false })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha requerida.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Fecha no válida.');

export const zIdParam = z.object({
  id: z.coerce
    .number({ error: INVALID_ID_MESSAGE })
    .int(INVALID_ID_MESSAGE)
    .positive(INVALID_ID_MESSAGE)
    .max(ID_MAX, INVALID_ID_MESSAGE),
});
