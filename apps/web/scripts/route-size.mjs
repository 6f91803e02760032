// Gzip size of the JavaScript a route needs before it renders, file by file: the entry chunk, the route's
// page chunk and every chunk they import statically (dynamic imports excluded). Reads dist/.vite/manifest.json.
// The closure is the bundle benchmark's (bench/bundle.bench.ts), so both count the same files.
// Usage: node --import tsx apps/web/scripts/route-size.mjs [src/features/auth/pages/login-page.tsx ...]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { staticClosure } from '../../../bench/bundle.bench.ts';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const pages = process.argv.slice(2);
if (pages.length === 0) pages.push('src/features/auth/pages/login-page.tsx');

for (const page of pages) {
  const files = staticClosure(manifest, ['index.html', page]);
  let total = 0;
  for (const file of files) {
    const gz = gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
    total += gz;
    console.info(`  ${file.padEnd(48)} ${(gz / 1024).toFixed(2).padStart(7)} KB gz`);
  }
  console.info(`${page}: ${(total / 1024).toFixed(2)} KB gzip initial JS (${files.length} chunks)\n`);
}
