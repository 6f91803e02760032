/** The product's HTTP API as the browser tests call it to set a scene up (the envelope's data and message). */
import { FACTORY_PASSWORD } from '@jala/test-factories/database';

import { baseUrl } from './browser';

export async function api<T>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; data: T; message: string }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { data: T; message: string };
  return { status: response.status, data: envelope.data, message: envelope.message };
}

/** Logs a factory account in over HTTP (POST /auth/login) and returns its bearer token. */
export async function loginToken(email: string): Promise<string> {
  const { status, data, message } = await api<{ token: string }>('POST', '/auth/login', null, {
    email,
    password: FACTORY_PASSWORD,
  });
  if (status !== 200) throw new Error(`login of ${email} answered ${status}: ${message}`);
  return data.token;
}

/** What every sign-up sends besides the person: the ticked 'Términos y condiciones' / 'Política de privacidad' box. */
export const SIGN_UP_CONSENT = { accept_terms: true } as const;

/** Creates an account over HTTP (POST /auth/register), accepting the legal documents as the form requires. */
export function signUp<T = { user: { id: number }; token: string }>(account: {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  user_type: 'passenger' | 'driver' | 'both';
}) {
  return api<T>('POST', '/auth/register', null, { ...account, ...SIGN_UP_CONSENT });
}
