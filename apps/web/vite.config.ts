import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The Fastify server (API + MQTT over WebSocket) listens here in development. */
const SERVER_ORIGIN = 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: SERVER_ORIGIN },
  '/mqtt': { target: SERVER_ORIGIN, ws: true },
};

/**
 * Writes `.br` and `.gz` siblings of every text asset after the build; the server serves them to browsers
 * that accept them (@fastify/static `preCompressed`). On a phone over slow 4G this is most of the login
 * page's load time (the entry chunk is ~280 KB raw, ~90 KB compressed).
 */
function precompress(): Plugin {
  const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  const MIN_BYTES = 1024;
  return {
    name: 'jala-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    // Lets bench/ and anyone curious measure the login route's initial JS from the real module graph.
    manifest: true,
  },
});
