import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The Fastify server (API + MQTT over WebSocket) listens here in development. */
const SERVER_ORIGIN = 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: SERVER_ORIGIN },
  '/mqtt': { target: SERVER_ORIGIN, ws: true },
};

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Lets bench/ and anyone curious measure the login route's initial JS from the real module graph.
    manifest: true,
  },
});
