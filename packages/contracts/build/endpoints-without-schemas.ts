/**
 * A Vite build plugin for the web: production bundles carry each endpoint's route (method, path, statuses, file
 * type) without its zod schemas and its OpenAPI words (summary, tag). The web checks answers against the schemas
 * only in development and tests and never shows the OpenAPI words, so production never reads them, and keeping
 * them would pull zod and every schema into the login page's first load. Each entry is also marked pure, so the
 * entries a page does not call are dropped. Types are untouched (TypeScript reads the sources); only the built
 * JavaScript is lighter.
 */
import type { Plugin } from 'vite';

/** An endpoint module of the table (not the builder, not the barrel). */
const ENDPOINT_MODULE =
  /[\\/]packages[\\/]contracts[\\/]src[\\/]endpoints[\\/](?:[\w-]+[\\/])?(?!endpoint\.ts$|index\.ts$)[\w-]+\.ts$/;
/** `params: zIdParam,` / `answer: z.array(zVehicle),` / `answer: zDriverProfile.nullable(),` inside an entry. */
const SCHEMA_PROPERTY = /\b(?:params|query|body|answer): (?:[\w.]+(?:\([\w.]*\))?)+,\s*/g;
/** `summary: '…',` and `tag: 'driver',`: the OpenAPI document's words, which only the server serves. */
const OPENAPI_PROPERTY = /\b(?:summary|tag): (?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),\s*/g;
/** The schema imports the stripped entries no longer use (`zod`, and the contracts barrel with its side effect). */
const SCHEMA_IMPORT = /import \{[^}]*\} from '(?:zod|(?:\.\.\/)+index)';\n/g;

export function endpointsWithoutSchemas(): Plugin {
  return {
    name: 'jala-endpoints-without-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ENDPOINT_MODULE.test(id)) return null;
      const stripped = code
        .replace(SCHEMA_PROPERTY, '')
        .replace(OPENAPI_PROPERTY, '')
        .replace(SCHEMA_IMPORT, '')
        .replace(/= endpoint\(/g, '= /* @__PURE__ */ endpoint(');
      if (/\bz[A-Z]\w*\b|\bz\./.test(stripped))
        this.error(`${id}: an endpoint still names a schema after stripping (write it as \`answer: zThing,\`)`);
      return { code: stripped, map: null };
    },
  };
}
