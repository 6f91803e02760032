import { z } from 'zod';

/** Every HTTP response of the API is wrapped in this envelope (spec §7). */
export const zEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), data, message: z.string() });

export const zErrorEnvelope = z.object({
  success: z.literal(false),
  data: z.null(),
  message: z.string(),
  /** Stable machine-readable code from the server's AppError catalogue. */
  code: z.string(),
  /** Field-level messages for 400s, keyed by payload field name. */
  fields: z.record(z.string(), z.string()).optional(),
});

export type Envelope<T> = { success: boolean; data: T; message: string };
export type ErrorEnvelope = z.infer<typeof zErrorEnvelope>;
