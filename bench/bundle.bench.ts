/**
 * Initial JavaScript per route, gzip: the entry chunk (index.html), the route's page chunk and every chunk
 * they import statically — dynamic imports (lazy chunks) excluded, over dist/.vite/manifest.json.
 * apps/web/scripts/route-size.mjs lists the same closure file by file for any page (it imports staticClosure).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { atMost, type Benchmark, log, type Measurement, round } from './lib/report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = join(ROOT, 'apps/web');
const DIST = join(WEB, 'dist');
const MANIFEST = join(DIST, '.vite/manifest.json');
const LOGIN_PAGE = 'src/features/auth/pages/login-page.tsx';
const LOGIN_BUDGET_KB = 100;
const ROUTE_BUDGET_KB = 200;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Output files of `keys` and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in manifest: ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen].map((key) => (manifest[key] as ManifestChunk).file);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function build(): void {
  log('bundle', 'building the web app (npm run build -w @jala/web)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@jala/web'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status})`);
}

/**
 * Route pages: every <page>.tsx in a pages/ folder at any depth of apps/web/src/features (live-trip keeps its sides' pages
 * in driver-view/pages and passenger-view/pages), as manifest keys.
 */
function routePages(): string[] {
  const pagesBelow = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.name !== 'pages') return pagesBelow(path);
        return readdirSync(path)
          .filter((f) => f.endsWith('.tsx'))
          .map((f) => relative(WEB, join(path, f)));
      });
  return pagesBelow(join(WEB, 'src/features')).sort();
}

export const bundle: Benchmark = {
  name: 'bundle',
  description: "gzip size of each route's initial JS (entry + page chunk + static imports)",
  async run(options) {
    if (options.rebuild || !existsSync(MANIFEST)) build();
    else if (newestMtime(join(WEB, 'src')) > statSync(MANIFEST).mtimeMs) {
      log('bundle', 'warning: apps/web/src is newer than dist/ — figures are for the last build (use --rebuild)');
    }
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
    const gzCache = new Map<string, number>();
    const gzipKb = (file: string) => {
      let size = gzCache.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
        gzCache.set(file, size);
      }
      return size / 1024;
    };
    const routeKb = (page: string) => {
      const files = staticClosure(manifest, ['index.html', page]);
      return { kb: files.reduce((sum, file) => sum + gzipKb(file), 0), files };
    };

    const results: Measurement[] = [];
    const login = routeKb(LOGIN_PAGE);
    log('bundle', `login route: ${login.files.length} chunks`);
    for (const file of login.files) log('bundle', `  ${file.padEnd(48)} ${gzipKb(file).toFixed(2).padStart(7)} KB gz`);
    results.push(atMost('login route initial JS (gzip)', round(login.kb), 'KB', LOGIN_BUDGET_KB));

    let largest = { page: '', kb: 0 };
    for (const page of routePages()) {
      if (!manifest[page]) {
        // Not its own chunk: the page was bundled into something else (e.g. imported statically).
        log('bundle', `  ${page}: NOT a separate chunk in the manifest (is it lazy in app/router.tsx?)`);
        results.push({
          name: `${page.replace('src/features/', '')} is a lazy chunk`,
          value: 0,
          unit: 'chunks',
          budget: '1 chunk',
          pass: false,
        });
        continue;
      }
      const { kb, files } = routeKb(page);
      log(
        'bundle',
        `  ${page.replace('src/features/', '').padEnd(44)} ${kb.toFixed(2).padStart(7)} KB gz (${files.length} chunks)`,
      );
      results.push(
        atMost(
          `route ${page.replace('src/features/', '').replace('/pages/', '/').replace('.tsx', '')}`,
          round(kb),
          'KB',
          ROUTE_BUDGET_KB,
        ),
      );
      if (kb > largest.kb) largest = { page, kb };
    }
    log('bundle', `largest route: ${largest.page} (${largest.kb.toFixed(2)} KB gz)`);
    return results;
  },
};
