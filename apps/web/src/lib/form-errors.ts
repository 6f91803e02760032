import { isApiError } from './api/api-client';

export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** First Spanish message per top-level field of a failed zod parse. */
/** The part of a ZodError read here (structural, so the web app needs no direct zod import). */
export interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

export function zodFieldErrors<K extends string>(error: SchemaIssues): FormErrors<K> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FormErrors<K>;
}

/** Splits a failed submit into inline field errors (server `fields`) and a banner message. */
export function submitErrors<K extends string>(
  error: unknown,
  known: readonly K[],
  fallback: string,
): { fields: FormErrors<K>; banner: string | null } {
  if (!isApiError(error)) return { fields: {}, banner: fallback };
  const fields: FormErrors<K> = {};
  let unplaced = false;
  for (const [key, message] of Object.entries(error.fields ?? {})) {
    if ((known as readonly string[]).includes(key)) fields[key as K] = message;
    else unplaced = true;
  }
  const hasInline = Object.keys(fields).length > 0;
  return { fields, banner: hasInline && !unplaced ? null : error.message || fallback };
}
