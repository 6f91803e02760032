import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';

import { endpointsWithoutSchemas } from '../../packages/contracts/build/endpoints-without-schemas';

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
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * Preloads the login page's chunks from index.html: the login route is the first screen of every new
 * phone, and without this its page chunk is only requested after the entry chunk has run (one more round
 * trip on slow 4G before anything is painted). The chunks are a few KB; the login route's JS is unchanged.
 */
function preloadLoginRoute(): Plugin {
  const LOGIN_PAGE = 'src/features/auth/pages/login-page.tsx';
  return {
    name: 'jala-preload-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const login = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(LOGIN_PAGE));
        if (!login) return [];
        const entry = chunks.find((chunk) => chunk.isEntry);
        const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        // The login chunk and every chunk it imports statically, transitively.
        const files: string[] = [];
        const visit = (file: string): void => {
          if (already.has(file) || files.includes(file)) return;
          files.push(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(imported);
        };
        visit(login.fileName);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/** `@/…` imports name apps/web/src (the same alias as tsconfig.json's `paths`). */
const sourceDir = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The web app manifest (written as dist/manifest.webmanifest by vite-plugin-pwa). Colours are the design
 * tokens of src/styles/index.css: --color-primary (the header and status bar) and --color-canvas (the page).
 * Shortcuts open the screens a passenger and a driver start from (routes of src/app/router.tsx).
 */
const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Jala',
  short_name: 'Jala',
  description:
    'Pide un viaje en mototaxi o auto y elige la mejor oferta de los conductores cercanos. Conductores: recibe solicitudes cerca de ti.',
  lang: 'es-PE',
  dir: 'ltr',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#1f4fd8',
  background_color: '#f4f6fb',
  categories: ['travel', 'navigation'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Solicitar viaje',
      short_name: 'Solicitar',
      description: 'Pide un viaje como pasajero',
      url: '/passenger/trip-request',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Conectarse',
      short_name: 'Conectarse',
      description: 'Ponte en línea como conductor para recibir solicitudes',
      url: '/driver/status',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};

/**
 * The service worker (src/sw/sw.ts, ours: it holds the push handlers) and the web app manifest.
 * injectManifest: vite-plugin-pwa builds our worker and writes the precache list into it. The page registers
 * the worker itself, after first render (src/lib/pwa/): only a tiny state store is on the login route.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: webAppManifest,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false, // the glob below lists them
    injectManifest: {
      // The shell, route chunks, styles, icons and the offline page. Left to the network (judged not worth a
      // phone's data on every install): the earnings chart (chart.js, ~58 KB gzip, and earnings need the
      // network anyway) and the operators' console (a desk tool). The .br/.gz siblings are never listed.
      globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
      globIgnores: [
        '**/earnings-page-*.js',
        '**/operators-console-page-*.js',
        'icons/apple-touch-icon.png',
        'icons/jala.svg',
      ],
      // The Leaflet map chunk (~187 KB raw) is listed: the live trip needs it with a weak signal.
      maximumFileSizeToCacheInBytes: 400 * 1024,
    },
  });
}

export default defineConfig({
  plugins: [react(), endpointsWithoutSchemas(), preloadLoginRoute(), serviceWorker(), precompress()],
  resolve: { alias: [{ find: /^@\//, replacement: `${sourceDir}/` }] },
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
