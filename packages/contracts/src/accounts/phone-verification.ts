/**
 * "Verifica tu celular": the state a signed-in passenger or driver reads, and the code they type. The code
 * itself never travels back: the server keeps only its hash (apps/server/src/modules/phone-verification).
 */
import { isPhoneCodeShape, PHONE_CODE_LENGTH } from '@jala/domain';
import { z } from 'zod';

import { zText } from '../core/text';

export const PHONE_CODE_SHAPE_MESSAGE = `Ingresa el código de ${PHONE_CODE_LENGTH} dígitos que te enviamos por SMS.`;

/** GET /phone-verification, and the answer of asking for and confirming a code. */
export const zPhoneVerification = z.object({
  /** The account's mobile in its stored form ('987654321'); null when the account has none. */
  phone: z.string().nullable(),
  verified: z.boolean(),
  /** When the number was confirmed (ISO); null while it is not. */
  verified_at: z.string().nullable(),
  /** The code in flight for this number, if one can still be typed: until when, and how many wrong tries are left. */
  pending: z.object({ expires_at: z.string(), tries_left: z.number().int() }).nullable(),
  /** Seconds before another code may be asked for (0: now). */
  resend_in_seconds: z.number().int(),
});
export type PhoneVerification = z.infer<typeof zPhoneVerification>;

/** POST /phone-verification/confirm. Spaces a keyboard or a paste put between the digits are dropped. */
export const zConfirmPhoneCodeRequest = z.object({
  code: zText({ error: PHONE_CODE_SHAPE_MESSAGE })
    .max(20, PHONE_CODE_SHAPE_MESSAGE)
    .transform((value) => value.replace(/\s/g, ''))
    .refine(isPhoneCodeShape, PHONE_CODE_SHAPE_MESSAGE),
});
export type ConfirmPhoneCodeRequest = z.input<typeof zConfirmPhoneCodeRequest>;
