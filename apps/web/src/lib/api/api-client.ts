import type { Envelope, ErrorCode } from '@jala/contracts';
import { type Endpoint, type EndpointAnswer, type EndpointInput, endpointUrl } from '@jala/contracts/endpoints';
import { TOKEN_STORAGE_KEY } from '@jala/domain';
import type { z } from 'zod';

/**
 * HTTP client for the Jala API (spec §7 'Response handling for all HTTP calls').
 *
 * Behaviour, rule by rule:
 * - network failure            → ApiError code 'Network error', message NETWORK_ERROR_MESSAGE
 * - a response that is not JSON → ApiError code 'Invalid response format', message INVALID_RESPONSE_MESSAGE
 * - 404 NO_ACTIVE_TRIP        → resolves `{ success: false, data: null, message }` (not an error; told
 *                                apart by the server's error code, never by its text)
 * - any other non-OK response  → ApiError with the server message, else 'API error' / SERVER_ERROR_MESSAGE
 * - 401 from any call that does not opt out (login does) → the unauthorized handler runs first
 *   (it clears the session, which sends the user to /login), then the ApiError is thrown.
 * The English spec strings stay on `code` for logs; `message` is always Spanish and safe to show.
 *
 * Calls name their route by its entry in the contracts' endpoint table: `api(endpoints.sendOffer, { body })`
 * builds the URL from the entry and types the payload and the answer from its schemas; in development and
 * tests the answer's data is also checked against the entry's answer schema.
 */

export const API_BASE_URL = '/api';

export const ERROR_CODES = {
  network: 'Network error',
  invalidResponse: 'Invalid response format',
  api: 'API error',
} as const;

export const NETWORK_ERROR_MESSAGE = 'Error de red. Revisa tu conexión.';
export const INVALID_RESPONSE_MESSAGE = 'Respuesta inválida del servidor';
export const SERVER_ERROR_MESSAGE = 'Error del servidor';
/**
 * The server's error code for "no active trip": a normal state, not a failure. Typed by the contracts' code list
 * (the list itself stays out of the bundle: only this code is compared here).
 */
const NO_ACTIVE_TRIP: ErrorCode = 'NO_ACTIVE_TRIP';

export type ApiResponse<T> = Envelope<T>;
export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Server error code when it sent one, else one of ERROR_CODES (the spec's English text). */
  readonly code: string;
  /** HTTP status; 0 when the request never got a response. */
  readonly status: number;
  /** Spanish field-level messages from a 400, keyed by payload field name. */
  readonly fields: FieldErrors | undefined;

  constructor(init: { message: string; code: string; status: number; fields?: FieldErrors | undefined }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.fields = init.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show a user for any thrown value, with a Spanish fallback. */
export function errorMessage(error: unknown, fallback = SERVER_ERROR_MESSAGE): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * What a 401 means for this call. 'logout' (default): the session is no longer valid.
   * 'ignore': the 401 is an ordinary answer (wrong password on login, logout itself).
   */
  onUnauthorized?: 'logout' | 'ignore';
  /** Let the request finish after the page is hidden or closed (fetch keepalive). */
  keepalive?: boolean;
}

interface ClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  onUnauthorized: (() => void) | null;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /**
   * Whether development and tests check each answer against its endpoint's schema (production never does).
   * Off only for a test of what a page does with an answer the contract refuses, as production would show it.
   */
  checkAnswers: boolean;
}

function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled (private mode, sandboxed iframe)
  }
}

const defaults: ClientConfig = {
  baseUrl: API_BASE_URL,
  getToken: readStoredToken,
  onUnauthorized: null,
  // Looked up on every call so tests (and polyfills) can replace globalThis.fetch.
  fetch: (input, init) => globalThis.fetch(input, init),
  checkAnswers: true,
};

let config: ClientConfig = { ...defaults };

/** Overrides parts of the client configuration (base URL, token source, 401 handler, fetch). */
export function configureApiClient(overrides: Partial<ClientConfig>): void {
  config = { ...config, ...overrides };
}

/** Restores the default configuration (used by tests). */
export function resetApiClient(): void {
  config = { ...defaults };
}

/** Registers what happens on a 401 (the session store clears itself). Returns an unregister function. */
export function setUnauthorizedHandler(handler: (() => void) | null): () => void {
  config = { ...config, onUnauthorized: handler };
  return () => {
    if (config.onUnauthorized === handler) config = { ...config, onUnauthorized: null };
  };
}

function isJsonResponse(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return /\bapplication\/(?:[\w.+-]+\+)?json\b/i.test(type);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFields(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const fields: FieldErrors = {};
  for (const [key, message] of Object.entries(value)) if (typeof message === 'string') fields[key] = message;
  return Object.keys(fields).length > 0 ? fields : undefined;
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Sends one call with the session's token; a 401 runs the unauthorized handler unless the call opts out. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, signal, onUnauthorized = 'logout', keepalive } = options;
  const headers: Record<string, string> = { Accept: accept };
  const token = config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (signal) init.signal = signal;
  if (keepalive) init.keepalive = true;

  let response: Response;
  try {
    response = await config.fetch(`${config.baseUrl}${path}`, init);
  } catch (error) {
    if (signal?.aborted) throw error; // a cancelled query is not a network failure
    throw new ApiError({ message: NETWORK_ERROR_MESSAGE, code: ERROR_CODES.network, status: 0 });
  }

  if (response.status === 401 && onUnauthorized === 'logout') config.onUnauthorized?.();
  return response;
}

/** The JSON envelope of an answer, by the rules at the top of this file; `answer` checks a success's data. */
async function readEnvelope<T>(
  response: Response,
  answer?: { schema: z.ZodType; call: string },
): Promise<ApiResponse<T>> {
  let payload: unknown;
  if (!isJsonResponse(response)) {
    throw new ApiError({
      message: INVALID_RESPONSE_MESSAGE,
      code: ERROR_CODES.invalidResponse,
      status: response.status,
    });
  }
  try {
    payload = await response.json();
  } catch {
    throw new ApiError({
      message: INVALID_RESPONSE_MESSAGE,
      code: ERROR_CODES.invalidResponse,
      status: response.status,
    });
  }
  const envelope = isRecord(payload) ? payload : {};
  const serverMessage =
    typeof envelope.message === 'string' && envelope.message.trim() !== '' ? envelope.message : null;
  const serverCode = typeof envelope.code === 'string' && envelope.code !== '' ? envelope.code : null;

  if (!response.ok) {
    if (response.status === 404 && serverCode === NO_ACTIVE_TRIP) {
      return { success: false, data: null as T, message: serverMessage ?? '' };
    }
    throw new ApiError({
      message: serverMessage ?? SERVER_ERROR_MESSAGE,
      code: serverCode ?? ERROR_CODES.api,
      status: response.status,
      fields: readFields(envelope.fields),
    });
  }
  const data = envelope.data ?? null;
  // Production trusts the server (the check costs time on every answer); development and tests catch a drift.
  if (
    (import.meta.env.DEV || import.meta.env.MODE === 'test') &&
    config.checkAnswers &&
    answer &&
    envelope.success === true
  ) {
    const checked = answer.schema.safeParse(data);
    if (!checked.success) {
      console.error(`[api] the answer of ${answer.call} does not match its contract`, checked.error.issues);
      throw new ApiError({
        message: INVALID_RESPONSE_MESSAGE,
        code: ERROR_CODES.invalidResponse,
        status: response.status,
      });
    }
  }
  return {
    success: envelope.success === true,
    data: data as T,
    message: serverMessage ?? '',
  };
}

/** One call to a path of the API (the endpoints' `api` below is how features call it). */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
  answer?: z.ZodType,
): Promise<ApiResponse<T>> {
  const check = answer ? { schema: answer, call: `${options.method ?? 'GET'} ${path}` } : undefined;
  return readEnvelope<T>(await send(path, options, 'application/json'), check);
}

/**
 * A document the API answers as bytes (the receipt PDF): its Blob when the answer is `mediaType`; any
 * other answer is read as the JSON envelope, so a refusal throws the server's Spanish message.
 */
export async function apiDocument(path: string, mediaType: string, options: BodylessOptions = {}): Promise<Blob> {
  const response = await send(path, { ...options, method: 'GET' }, `${mediaType}, application/json`);
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith(mediaType)) return response.blob();
  await readEnvelope(response);
  throw new ApiError({ message: INVALID_RESPONSE_MESSAGE, code: ERROR_CODES.invalidResponse, status: response.status });
}

/** A call's inputs (path parameters, query, body) and how it is sent (signal, keepalive, what a 401 means). */
export type ApiCall<E extends Endpoint> = EndpointInput<E> & BodylessOptions;
/** The second argument of `api`: optional when the endpoint needs no input. */
type ApiCallArgs<E extends Endpoint> = object extends EndpointInput<E> ? [call?: ApiCall<E>] : [call: ApiCall<E>];

/**
 * Calls one endpoint of the table: `api(endpoints.advanceStage, { params: { id }, body })`. The path is built
 * from the entry (parameters encoded, unset query values left out); a POST, PUT or PATCH without a body sends
 * `{}`. Resolves the envelope, typed by the entry's answer.
 */
export function api<E extends Endpoint>(target: E, ...[call]: ApiCallArgs<E>): Promise<ApiResponse<EndpointAnswer<E>>> {
  const { params, query, body, ...options } = (call ?? {}) as ApiCall<Endpoint> & {
    params?: object;
    query?: object;
    body?: unknown;
  };
  const sendsBody = target.method !== 'GET' && target.method !== 'DELETE';
  return apiRequest<EndpointAnswer<E>>(
    endpointUrl(target, { params, query }),
    { ...options, method: target.method, body: body ?? (sendsBody ? {} : undefined) },
    target.answer,
  );
}

/** A file endpoint's answer (the receipt PDF) as a Blob; a refusal throws the server's Spanish message. */
export function apiFile<E extends Endpoint & { file: { mediaType: string } }>(
  target: E,
  ...[call]: ApiCallArgs<E>
): Promise<Blob> {
  const { params, query, ...options } = (call ?? {}) as ApiCall<Endpoint> & { params?: object; query?: object };
  return apiDocument(endpointUrl(target, { params, query }), target.file.mediaType, options);
}

/**
 * Call-level rule of spec §7 ('A success of false counts as failure'): returns data of a successful
 * envelope, else throws an ApiError with the server message or the given Spanish fallback.
 */
export function requireData<T>(response: ApiResponse<T>, fallback: string, failureCode: string = ERROR_CODES.api): T {
  if (response.success && response.data !== null && response.data !== undefined) return response.data;
  throw new ApiError({ message: response.message || fallback, code: failureCode, status: 200 });
}

export interface CallOptions {
  /** `null` data is a valid answer (e.g. GET /driver/profile before registering, a rejection). */
  allowNull?: boolean;
  /** `success: false` without an error status (the NO_ACTIVE_TRIP 404) resolves null instead of throwing. */
  unsuccessfulAsNull?: boolean;
  /** Code of the error thrown for `success: false` (default: the spec's 'API error'). */
  failureCode?: string;
}

/** Data and the server's (Spanish) confirmation message of a successful call. */
export interface Confirmed<T> {
  data: T;
  message: string;
}

/**
 * The one call-level wrapper of spec §7 ('A success of false counts as failure', §8 call fallbacks):
 * resolves the data and message of a successful envelope; `success: false` (or missing data) throws an
 * ApiError with the server message, else `fallback`; an error answer that carried no message of its own
 * gets `fallback` instead of the generic 'Error del servidor'. Network failures keep their own text.
 */
export async function callApiConfirmed<T>(
  request: Promise<ApiResponse<T>>,
  fallback: string,
  options: CallOptions = {},
): Promise<Confirmed<T>> {
  let response: ApiResponse<T>;
  try {
    response = await request;
  } catch (error) {
    if (isApiError(error) && error.status !== 0 && error.message === SERVER_ERROR_MESSAGE) {
      throw new ApiError({ message: fallback, code: error.code, status: error.status, fields: error.fields });
    }
    throw error;
  }
  if (!response.success && options.unsuccessfulAsNull) return { data: null as T, message: response.message };
  if (response.success && (options.allowNull || options.unsuccessfulAsNull))
    return { data: response.data ?? (null as T), message: response.message };
  return { data: requireData(response, fallback, options.failureCode), message: response.message };
}

/** {@link callApiConfirmed} when only the data matters. */
export async function callApi<T>(
  request: Promise<ApiResponse<T>>,
  fallback: string,
  options: CallOptions = {},
): Promise<T> {
  return (await callApiConfirmed(request, fallback, options)).data;
}
