import { z } from 'zod';
import { isValidEmail, isValidPeruvianPhone, normalizePhone } from '@jala/domain';

/** Reusable field schemas whose rules live in the domain package and whose messages are Spanish. */
export const zEmail = z
  .string({ error: 'El correo es obligatorio.' })
  .trim()
  .toLowerCase()
  .max(254, 'El correo es demasiado largo.')
  .refine(isValidEmail, 'Ingresa un correo electrónico válido.');

export const zPeruPhone = z
  .string({ error: 'El teléfono es obligatorio.' })
  .refine(isValidPeruvianPhone, 'Ingresa un celular peruano de 9 dígitos que empiece con 9.')
  .transform(normalizePhone);

export const zPersonName = z
  .string({ error: 'El nombre es obligatorio.' })
  .trim()
  .min(1, 'El nombre es obligatorio.')
  .max(60, 'El nombre es demasiado largo.');

/** A calendar date as YYYY-MM-DD (the client sends the first 10 characters of an ISO date). */
export const zDateOnly = z
  .string({ error: 'Fecha requerida.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha requerida.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Fecha no válida.');

export const zIdParam = z.object({
  id: z.coerce.number({ error: 'Identificador no válido.' }).int('Identificador no válido.').positive('Identificador no válido.').max(2_147_483_647, 'Identificador no válido.'),
});
