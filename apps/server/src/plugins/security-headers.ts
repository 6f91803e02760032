/**
 * The security headers of every response (CSP, nosniff, frame, referrer, HSTS…), in one place, computed
 * once by helmet itself from these options (`securityHeaders()`): an onRequest hook (app.ts) sets them on
 * routed responses, and responses written before routing (bad URL, over-long path parameter, malformed
 * HTTP) get the same set.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet from 'helmet';

export function securityHeaderOptions(tileUrl: string): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(tileUrl)],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // The service worker (/sw.js); mqtt.js (server tests, benches) runs its keep-alive timer in a Web
        // Worker created from a blob URL.
        workerSrc: ["'self'", 'blob:'],
        // The web app manifest (/manifest.webmanifest).
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  };
}

/** The exact headers helmet sets with these options (they do not depend on the request: no nonces). */
export function securityHeaders(options: FastifyHelmetOptions): Record<string, string> {
  // A real, unsent response object records what helmet sets; nothing is written to the socket.
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  // Same options object; the cast only bridges helmet's ESM and CJS type declarations.
  helmet(options as Parameters<typeof helmet>[0])(response.req, response, () => {});
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

function tileOrigin(tileUrl: string): string {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return "'self'";
  }
}
