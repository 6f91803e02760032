import type { z } from 'zod';

import { GeoError, type GeoErrorCode } from '../geo-provider';

export type FetchLike = typeof fetch;

export interface HttpJsonClientOptions {
  fetch: FetchLike;
  timeoutMs: number;
  headers?: Record<string, string>;
}

export interface HttpJsonResponse {
  status: number;
  ok: boolean;
  body: unknown;
}

const TIMEOUT_MESSAGE = 'El servicio de mapas no respondió a tiempo. Inténtalo de nuevo.';
const UNAVAILABLE_MESSAGE = 'El servicio de mapas no está disponible en este momento. Inténtalo de nuevo.';

/**
 * GET a JSON document from a maps service. Transport failures, timeouts and non-JSON bodies become
 * GeoError with `code`; an HTTP error status with a JSON body is returned, because some services
 * (OSRM) explain the failure in that body. Messages never include the URL: it may carry an API key.
 */
export async function getJson(url: URL, code: GeoErrorCode, options: HttpJsonClientOptions): Promise<HttpJsonResponse> {
  let response: Response;
  try {
    response = await options.fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (cause) {
    const isTimeout = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    throw new GeoError(code, isTimeout ? TIMEOUT_MESSAGE : UNAVAILABLE_MESSAGE, {
      upstreamStatus: isTimeout ? 'TIMEOUT' : 'NETWORK',
      cause,
    });
  }

  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new GeoError(code, UNAVAILABLE_MESSAGE, { upstreamStatus: `HTTP ${response.status}`, cause });
  }
  try {
    return { status: response.status, ok: response.ok, body: JSON.parse(text) as unknown };
  } catch (cause) {
    // An HTML error page from a proxy, a truncated body…: say what the status was if it was an error.
    throw new GeoError(code, UNAVAILABLE_MESSAGE, {
      upstreamStatus: response.ok ? 'INVALID_JSON' : `HTTP ${response.status}`,
      cause,
    });
  }
}

/** Turns a non-2xx response into the code's GeoError; returns the body otherwise. */
export function requireOk(response: HttpJsonResponse, code: GeoErrorCode): unknown {
  if (!response.ok) throw new GeoError(code, UNAVAILABLE_MESSAGE, { upstreamStatus: `HTTP ${response.status}` });
  return response.body;
}

/** A response that parsed as JSON but not in the documented shape (API change, wrong server). */
export function unexpectedFormat(code: GeoErrorCode, cause: unknown): GeoError {
  return new GeoError(code, UNAVAILABLE_MESSAGE, { upstreamStatus: 'UNEXPECTED_FORMAT', cause });
}

/** Validates a provider's JSON against the documented shape it is expected to have. */
export function parseResponse<T>(schema: z.ZodType<T>, body: unknown, code: GeoErrorCode): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unexpectedFormat(code, parsed.error);
  return parsed.data;
}
