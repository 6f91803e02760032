/** The product's HTTP API as the browser tests call it to set a scene up (the envelope's data and message). */
import { FACTORY_PASSWORD } from '@jala/test-factories/database';

import { baseUrl } from './browser';

export interface ApiAnswer<T> {
  status: number;
  data: T;
  message: string;
  /** The error's code ('BALANCE_TOO_LOW'), on a refusal. */
  code: string | undefined;
}

export type Api = <T>(method: string, path: string, token: string | null, body?: unknown) => Promise<ApiAnswer<T>>;

/** What every sign-up sends besides the person: the ticked 'Términos y condiciones' / 'Política de privacidad' box. */
export const SIGN_UP_CONSENT = { accept_terms: true } as const;

interface NewAccount {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  user_type: 'passenger' | 'driver' | 'both';
}

/**
 * The calls against the product `base()` names (`http://127.0.0.1:<port>`, read at each call, so it may be one
 * a file starts in its `beforeAll`: e2e/support/product.ts). `api`, `loginToken` and `signUp` below call the
 * shared e2e server.
 */
export function apiAt(base: () => string) {
  const call: Api = async <T>(method: string, path: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${base()}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as { data: T; message: string; code?: string };
    return { status: response.status, data: envelope.data, message: envelope.message, code: envelope.code };
  };
  return {
    api: call,
    /** Logs a factory account in over HTTP (POST /auth/login) and returns its bearer token. */
    async loginToken(email: string): Promise<string> {
      const { status, data, message } = await call<{ token: string }>('POST', '/auth/login', null, {
        email,
        password: FACTORY_PASSWORD,
      });
      if (status !== 200) throw new Error(`login of ${email} answered ${status}: ${message}`);
      return data.token;
    },
    /** Creates an account over HTTP (POST /auth/register), accepting the legal documents as the form requires. */
    signUp<T = { user: { id: number }; token: string }>(account: NewAccount) {
      return call<T>('POST', '/auth/register', null, { ...account, ...SIGN_UP_CONSENT });
    },
  };
}

// The shared server's address is read at each call: `inject` answers only inside a test file's hooks and tests.
const shared = apiAt(baseUrl);

export const api: Api = shared.api;
export const loginToken = shared.loginToken;
export const signUp = shared.signUp;
