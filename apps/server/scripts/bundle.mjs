/**
 * Bundles the server (apps/server/src/main.ts and the workspace packages it imports, which are TypeScript
 * sources) into one plain ES module, apps/server/dist/main.mjs, that `npm start` runs with bare `node`.
 *
 * Why: running the sources through tsx keeps its loader — a second V8 isolate on Node's module-hooks thread —
 * and its transformed sources for the life of the process: ~60 MB resident and ~10 s more to boot on a small
 * machine (bench/README.md, memory). The bundle is built in well under a second, on every start.
 *
 * npm packages stay external (resolved from node_modules at run time, as before). Each module's
 * `import.meta.url` is rewritten to its source file's URL (relative to the bundle), so paths resolved from it —
 * the migrations folder, the web build, createRequire — point where they did when run from the sources.
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLE = `${serverRoot}dist/main.mjs`;

/** @type {import('esbuild').Plugin} */
const keepSourceLocations = {
  name: 'jala-source-locations',
  setup(builder) {
    // Bare specifiers are npm packages (external), except the workspace's own TypeScript packages.
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@jala/') ? undefined : { external: true },
    );
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const fromBundle = JSON.stringify(relative(dirname(BUNDLE), args.path));
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${fromBundle}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

export async function bundleServer() {
  await build({
    entryPoints: [`${serverRoot}src/main.ts`],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    plugins: [keepSourceLocations],
    logLevel: 'warning',
  });
  return BUNDLE;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleServer();
