import type { z } from 'zod';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP route of the API as both sides see it: the server registers its route from this (its OpenAPI
 * entry included) and the web calls it through `api(endpoint, …)`, so the URL, the payload and the answer
 * cannot drift apart. Paths are written as the server registers them, without the /api prefix, with `:name`
 * for each path parameter.
 */
export interface Endpoint {
  readonly method: EndpointMethod;
  readonly path: string;
  /** The OpenAPI summary. */
  readonly summary: string;
  /** The OpenAPI tag (the area of the API). */
  readonly tag: string;
  /** False for the few routes open without a session (login, register, health, a shared trip); default true. */
  readonly auth?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The `data` of the `{ success, data, message }` envelope of a success (or the bytes of a `file` answer). */
  readonly answer: z.ZodType;
  /** The status of a success. */
  readonly status: 200 | 201;
  /** Other statuses that answer the same envelope: 200 beside 201 for a save that creates or updates, health's 503. */
  readonly alsoStatus?: readonly number[];
  /** The answer is a file of this media type instead of the JSON envelope (the receipt PDF). */
  readonly file?: { readonly mediaType: string; readonly description: string };
  /** A conditional GET: the server answers 304 to a matching If-None-Match (plugins/conditional-get.ts). */
  readonly polled?: boolean;
  /** Kept for app versions still installed; new code uses its replacement. */
  readonly deprecated?: boolean;
}

/** Declares one endpoint, keeping the literal types of its method, path and schemas for inference. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/**
 * What a caller sends in a path parameter or query value: what the schema accepts, except where it coerces
 * (a number read from the URL), where the caller sends the value the schema produces.
 */
type UrlValues<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? z.output<S>[K & keyof z.output<S>] : z.input<S>[K];
};

type ParamsInput<E extends Endpoint> = E['params'] extends z.ZodType
  ? { params: UrlValues<E['params']> }
  : { params?: never };
type QueryInput<E extends Endpoint> = E['query'] extends z.ZodType
  ? object extends UrlValues<E['query']>
    ? { query?: UrlValues<E['query']> }
    : { query: UrlValues<E['query']> }
  : { query?: never };
type BodyInput<E extends Endpoint> = E['body'] extends z.ZodType
  ? object extends z.input<E['body']>
    ? { body?: z.input<E['body']> }
    : { body: z.input<E['body']> }
  : { body?: never };

/** The path parameters, query string and body of a call to `E`. */
export type EndpointInput<E extends Endpoint> = ParamsInput<E> & QueryInput<E> & BodyInput<E>;

/** The `data` of a successful answer of `E`. */
export type EndpointAnswer<E extends Endpoint> = z.output<E['answer']>;

/** `E`'s path with its parameters filled in (each encoded) and its query string appended (unset values left out). */
export function endpointUrl(target: Endpoint, input: { params?: object; query?: object }): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = target.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
