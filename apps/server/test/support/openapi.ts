/**
 * The running app's OpenAPI document (/api/docs/json) as test material: every operation with its path,
 * query and body schemas, realistic valid values and fast-check arbitraries (valid and hostile) built from
 * those schemas, and the checks every response must pass. Suites built on this cover new routes by
 * themselves.
 */
import { type Database, sql } from '@jala/db';
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
};

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path relative to the API base URL, e.g. `/trips/{id}/rating`. */
  path: string;
  tags: string[];
  parameters: Parameter[];
  body: JsonSchema | null;
  /** Whether the operation declares bearer security. */
  secured: boolean;
  /** Non-JSON types its success answers declare (e.g. `application/pdf` for a receipt). */
  documentTypes: string[];
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        parameters?: (Parameter & { $ref?: string })[];
        security?: unknown[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, Parameter> };
};

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Reads the document from the running app and lists its operations under `/api`. */
export async function loadOperations(baseUrl: string): Promise<Operation[]> {
  const response = await fetch(`${baseUrl}/docs/json`);
  if (response.status !== 200) throw new Error(`OpenAPI document: HTTP ${response.status}`);
  const doc = (await response.json()) as OpenApiDocument;
  const resolve = (schema: JsonSchema | undefined): JsonSchema => resolveRefs(schema ?? {}, doc, 0);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const parameters = (op.parameters ?? []).map((p) => {
        const param = p.$ref ? (doc.components?.parameters?.[p.$ref.split('/').pop() ?? ''] ?? p) : p;
        return { in: param.in, name: param.name, required: Boolean(param.required), schema: resolve(param.schema) };
      });
      const json = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path: path.slice('/api'.length),
        tags: op.tags ?? [],
        parameters,
        body: json ? resolve(json) : null,
        secured: Array.isArray(op.security) && op.security.length > 0,
        documentTypes: Object.entries(op.responses ?? {})
          .filter(([status]) => /^2\d\d$/.test(status))
          .flatMap(([, answer]) => Object.keys(answer.content ?? {}))
          .filter((type) => type !== 'application/json'),
      });
    }
  }
  return operations;
}

function resolveRefs(schema: JsonSchema, doc: OpenApiDocument, depth: number): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const target = doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
    if (!target) throw new Error(`OpenAPI: unresolved ${schema.$ref}`);
    return resolveRefs(target, doc, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties)
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolveRefs(v, doc, depth + 1)]),
    );
  if (schema.items) out.items = resolveRefs(schema.items, doc, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (schema[key]) out[key] = schema[key].map((s) => resolveRefs(s, doc, depth + 1));
  return out;
}

// ------------------------------------------------------------------------------------------ values

const LIMA = { latitude: -12.1211, longitude: -77.0297 };

/**
 * Realistic values by field name, for fields whose rules (Peru bounds, plates, phones…) live in zod
 * refinements that JSON Schema does not carry. Unknown fields fall back to the schema.
 */
function realisticByName(name: string): unknown {
  const n = name.toLowerCase();
  if (n.includes('latitude') || n === 'lat') return LIMA.latitude + (n.startsWith('destination') ? 0.035 : 0);
  if (n.includes('longitude') || n === 'lng') return LIMA.longitude + (n.startsWith('destination') ? 0.05 : 0);
  if (n === 'email') return `fuzz${Date.now()}${Math.floor(Math.random() * 1e6)}@prueba.pe`;
  if (n.includes('phone')) return '987654321';
  if (n.includes('plate')) return `F${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  if (n === 'license_number') return `L${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
  if (n.includes('date')) return '2030-01-15';
  // A period of Lima days ('Indicadores', the driver's history), both ends the same day.
  if (n === 'from' || n === 'to') return '2026-03-10';
  // A Yape operation number, as an operator types it from the driver's screenshot.
  if (n === 'reference') return String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  if (n === 'price' || n.includes('fare')) return 12.5;
  if (n === 'password') return 'secreto123';
  if (n === 'avatar_url') return 'https://example.com/a.png';
  if (n === 'q') return 'Miraflores';
  if (n === 'search_radius_km') return 10;
  if (n === 'start_code') return '0427';
  return undefined;
}

/** One valid value for a schema (every property filled), realistic where the name says what it is. */
export function validValue(schema: JsonSchema, name = ''): unknown {
  const realistic = realisticByName(name);
  if (realistic !== undefined && schema.type !== 'object') return realistic;
  if (schema.enum) return schema.enum.find((v) => v !== '') ?? schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches)
    return validValue(branches.find((b) => !(b.enum?.length === 1 && b.enum[0] === '')) ?? branches[0]!, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validValue(value, key)]),
      );
    case 'array':
      return schema.items ? [validValue(schema.items, name)] : [];
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return true;
    case 'string': {
      if (schema.pattern === '^\\d+$') return '1';
      const text = 'Texto de prueba';
      return text.slice(0, Math.max(schema.maxLength ?? text.length, schema.minLength ?? 1));
    }
    default:
      return null;
  }
}

const CONTROL = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const CONTROL_OR_DELETE = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 6, arbitrary: CONTROL },
  { weight: 1, arbitrary: fc.constant('\u007f') },
);
/** Strings that broke or could break something: NUL and other controls, encodings, injections, sizes. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), CONTROL, fc.string({ maxLength: 8 })).map(([a, c, b]) => `${a}${c}${b}`),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u007f',
    '\u202eabc',
    '\ud800',
    '%00',
    '%zz',
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '{"$gt":""}',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '0x10',
    ' ',
    '',
    '\t',
    '２',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 250, max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.constantFrom(
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 53,
  -(2 ** 31) - 1,
  -1,
  0,
  0.5,
  1.005,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  99_999_999,
);
/** Any JSON value, hostile ones favoured. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, [], {}, [1], { a: 1 }, [null], { __proto__: { admin: true } }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values a schema admits (as JSON Schema sees it), plus known ids for id-like names. */
export function schemaArbitrary(schema: JsonSchema, name: string, ids: number[]): fc.Arbitrary<unknown> {
  const realistic = realisticByName(name);
  const own = ownArbitrary(schema, name, ids);
  const idLike = /(^|_)id$|Id$/.test(name) && ids.length > 0 ? fc.constantFrom(...ids) : null;
  const options: fc.Arbitrary<unknown>[] = [own];
  if (realistic !== undefined && schema.type !== 'object')
    options.push(fc.constant(realistic).map(() => realisticByName(name)));
  if (idLike) options.push(idLike);
  if (schema.nullable) options.push(fc.constant(null));
  const admitted = fc.oneof(...options);
  if (schema.type !== 'string' && typeof realistic !== 'string') return admitted;
  // JSON Schema cannot say "no control characters", so a valid text with one slipped in is admitted too:
  // the request is otherwise valid and reaches as deep as the text can go.
  return fc.oneof({ weight: 3, arbitrary: admitted }, { weight: 1, arbitrary: withControlCharacter(admitted) });
}

function withControlCharacter(text: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(text, CONTROL_OR_DELETE, fc.nat()).map(([value, control, at]) => {
    if (typeof value !== 'string') return value;
    const i = at % (value.length + 1);
    return `${value.slice(0, i)}${control}${value.slice(i)}`;
  });
}

function ownArbitrary(schema: JsonSchema, name: string, ids: number[]): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => schemaArbitrary(b, name, ids)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return objectArbitrary(schema, ids);
    case 'array':
      return fc.array(schemaArbitrary(schema.items ?? {}, name, ids), { maxLength: 3 });
    case 'integer': {
      const min =
        typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : -(2 ** 31);
      const max = typeof schema.maximum === 'number' ? schema.maximum : 2 ** 31 - 1;
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
        } catch {
          /* fall through */
        }
      }
      return fc.string({
        unit: 'grapheme',
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 60, 60),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Objects whose fields are each valid, realistic or hostile, sometimes missing or with extra keys. */
function objectArbitrary(schema: JsonSchema, ids: number[]): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {}).map(
    ([key, value]) =>
      [
        key,
        fc.oneof(
          { weight: 12, arbitrary: schemaArbitrary(value, key, ids) },
          { weight: 2, arbitrary: hostileValue },
          { weight: 1, arbitrary: fc.constant(undefined) },
        ),
      ] as const,
  );
  return fc
    .record(Object.fromEntries(entries), { requiredKeys: [] })
    .chain((record) =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant(record) },
        {
          weight: 1,
          arbitrary: fc
            .dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 })
            .map((extra) => ({ ...extra, ...record })),
        },
      ),
    )
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)));
}

// ---------------------------------------------------------------------------------- expectations

/** Headers helmet sets on every response; a response without them left the hooks somewhere. */
export const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'strict-transport-security',
];

/** Why a response breaks the API's rules (null when it follows them): status, envelope, headers. */
export function responseProblem(
  status: number,
  headers: Headers,
  text: string,
  documentTypes: string[] = [],
): string | null {
  if (status >= 500) return `status ${status}`;
  for (const name of SECURITY_HEADERS) if (!headers.get(name)) return `missing header ${name}`;
  if (headers.get('x-content-type-options') !== 'nosniff') return 'x-content-type-options is not nosniff';
  // A success the operation declares as a document (the receipt PDF) is that document, not the envelope.
  const type = headers.get('content-type')?.split(';')[0] ?? '';
  if (status < 300 && documentTypes.includes(type)) {
    return type === 'application/pdf' && !text.startsWith('%PDF-') ? 'declared a PDF but is not one' : null;
  }
  if (!headers.get('content-type')?.startsWith('application/json'))
    return `content-type ${headers.get('content-type')}`;
  let body: { success?: unknown; data?: unknown; message?: unknown; code?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return 'body is not JSON';
  }
  if (typeof body.success !== 'boolean' || typeof body.message !== 'string' || !('data' in body))
    return 'not the envelope';
  if (
    status >= 400 &&
    (body.success !== false || body.data !== null || typeof body.code !== 'string' || body.message.length === 0)
  )
    return 'not the error envelope';
  return null;
}

/**
 * A digest of every row of every table: equal before and after means the request changed nothing.
 * `cluster_state` is left out: on PostgreSQL the background jobs (the 30-s expiry sweep) stamp their last
 * run there whatever requests come in, so a long suite crossing a sweep would blame an innocent request.
 */
export async function databaseFingerprint(db: Database): Promise<string> {
  const tables = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'cluster_state' order by table_name`,
  );
  const names = (tables.rows as { table_name: string }[]).map((r) => r.table_name);
  // A session's last-seen time is activity bookkeeping that any authenticated request may bring forward
  // (modules/account/sessions/session-activity.ts), refused or not: it is not a change the request made.
  const row = `(to_jsonb(x) - 'last_seen_at')::text`;
  const parts = names.map(
    (name) =>
      `select '${name}' as t, count(*)::text as n, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from "${name}" x`,
  );
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  return (result.rows as { t: string; n: string; h: string }[]).map((r) => `${r.t}:${r.n}:${r.h}`).join(',');
}

/** Fills `{param}` segments; values are percent-encoded unless `raw`. */
export function fillPath(path: string, values: Record<string, unknown>, raw = false): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = String(values[name]);
    return raw ? value : encodeURIComponent(value);
  });
}
