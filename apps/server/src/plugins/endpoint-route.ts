import { zEnvelope } from '@jala/contracts';
import type { Endpoint } from '@jala/contracts/endpoints';

type Enveloped<E extends Endpoint> = ReturnType<typeof zEnvelope<E['answer']>>;
type Statuses<E extends Endpoint> =
  E['status'] | (E['alsoStatus'] extends readonly (infer S extends number)[] ? S : never);
type FileAnswer<E extends Endpoint> = { description: string; content: Record<string, { schema: E['answer'] }> };

/** The OpenAPI and validation schema of a route, keeping the zod types the type provider infers the handler from. */
export interface EndpointSchema<E extends Endpoint> {
  tags: string[];
  summary: string;
  security?: Array<Record<string, string[]>>;
  deprecated?: boolean;
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: { [S in Statuses<E>]: E['file'] extends object ? FileAnswer<E> : Enveloped<E> };
}

/**
 * The `method`, `url` and `schema` of a route, read from its entry in the contracts' endpoint table, for
 * `app.route({ ...routeOf(endpoints.x), preHandler, handler })`: the path, the inputs, the success status and
 * the answer cannot differ from what the web calls, and the OpenAPI document is built from the same entry.
 * A success answers the `{ success, data, message }` envelope of `answer` (a file answer, its bytes).
 */
export function routeOf<const E extends Endpoint>(
  target: E,
): { method: E['method']; url: E['path']; schema: EndpointSchema<E> } {
  const answer = target.file
    ? { description: target.file.description, content: { [target.file.mediaType]: { schema: target.answer } } }
    : zEnvelope(target.answer);
  const response = Object.fromEntries([target.status, ...(target.alsoStatus ?? [])].map((status) => [status, answer]));
  const schema = {
    tags: [target.tag],
    summary: target.summary,
    ...(target.auth === false ? {} : { security: [{ bearer: [] }] }),
    ...(target.deprecated ? { deprecated: true } : {}),
    ...(target.params ? { params: target.params } : {}),
    ...(target.query ? { querystring: target.query } : {}),
    ...(target.body ? { body: target.body } : {}),
    response,
  };
  return { method: target.method, url: target.path, schema: schema as EndpointSchema<E> };
}
