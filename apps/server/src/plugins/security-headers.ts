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
        // Only this origin: the API and the MQTT WebSocket (/mqtt) live here, and the browser never calls a
        // maps vendor (tiles are images). CSP Level 3 lets 'self' match ws:/wss: to this same host, so a
        // script injected somehow still cannot open a socket to anywhere else.
        connectSrc: ["'self'"],
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

/**
 * The set for JSON answers under /api: what a browser can act on for a document that is never rendered
 * (OWASP's REST headers): no sniffing, no framing, no referrer, HSTS, and a CSP that allows nothing.
 * Helmet's full set is ~1 KB per answer, most of it a page CSP that a JSON body never uses; on phones
 * polling every few seconds over mobile data that was most of each answer's bytes (and of the server's
 * and the phone's parsing). Pages, assets and /api/docs keep the full set.
 */
export function apiSecurityHeaders(full: Record<string, string>): Record<string, string> {
  const api: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
  const hsts = full['strict-transport-security'];
  if (hsts) api['strict-transport-security'] = hsts;
  return api;
}

/**
 * Whether a request URL is a machine answer: the API's JSON (not the OpenAPI docs page and its assets), or
 * Prometheus's /metrics. Those get the strict headers and never the web app's.
 */
export function isApiAnswer(url: string): boolean {
  if (url === '/metrics' || url.startsWith('/metrics?')) return true;
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

function tileOrigin(tileUrl: string): string {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return "'self'";
  }
}
