/**
 * Answers are written by fast-json-stringify from each route's response contract, converted from zod to
 * JSON Schema once when the route is registered (the same conversion /api/docs shows, OpenAPI 3.0
 * flavour: `nullable`, `additionalProperties: false`). Running zod over every answer was a large share of
 * an authenticated read's CPU.
 *
 * What the contract still guarantees: a key not in the schema is never written (objects are closed), and a
 * required key missing is an error (500). What fast-json-stringify does not do is validate: a wrong type is
 * coerced, not refused. So the tests run with `checkAnswers` (testConfig): every answer of every test is
 * also encoded by the zod contract, a mismatch is a 500 naming the route, and the two outputs must be the
 * same JSON, which catches a contract the JSON Schema conversion would serialise differently.
 */
import { isDeepStrictEqual } from 'node:util';

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchemaNode = Record<string, unknown>;

/** Keywords that only validate; fast-json-stringify does not validate, and its ajv reads some differently (draft-07). */
const VALIDATION_ONLY = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
];

/** Removes VALIDATION_ONLY keywords from every schema in the tree (never from a `properties` map's keys). */
function withoutValidationKeywords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutValidationKeywords);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node as JsonSchemaNode)) {
    if (VALIDATION_ONLY.includes(key)) continue;
    const isSchemaMap =
      (key === 'properties' || key === '$defs' || key === 'definitions') && value && typeof value === 'object';
    out[key] = isSchemaMap
      ? Object.fromEntries(
          Object.entries(value as JsonSchemaNode).map(([name, sub]) => [name, withoutValidationKeywords(sub)]),
        )
      : withoutValidationKeywords(value);
  }
  return out;
}

function contractOf(schema: unknown, route: string): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error(`${route}: response schemas are zod contracts`);
}

export function responseSerializerCompiler(options: { checkAnswers: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const contract = contractOf(schema, `${method} ${url}`);
    const jsonSchema = withoutValidationKeywords(
      z.toJSONSchema(contract, { io: 'output', target: 'openapi-3.0', unrepresentable: 'any' }),
    );
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    if (!options.checkAnswers) return (data) => stringify(data);
    return (data) => {
      const checked = z.safeEncode(contract, data);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const written = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(checked.data)))) {
        const message = `fast-json-stringify wrote ${written}, the contract ${JSON.stringify(checked.data)}`;
        throw new ResponseSerializationError(method, url, {
          cause: new z.ZodError([{ code: 'custom', message, path: [], input: data }]),
        });
      }
      return written;
    };
  };
}
