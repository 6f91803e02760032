/**
 * The security headers of every response (CSP, nosniff, frame, referrer, HSTS…), in one place. Fastify's
 * hooks add them to routed responses through @fastify/helmet; responses written before routing (bad URL,
 * over-long path parameter, malformed HTTP) get the same set from `securityHeaders()`, computed once from
 * the same options by helmet itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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
        // mqtt.js runs its keep-alive timer in a Web Worker created from a blob URL.
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  };
}

/** The exact headers helmet sets with these options (they do not depend on the request: no nonces). */
export function securityHeaders(options: FastifyHelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) { headers[name.toLowerCase()] = String(value); },
    removeHeader(name: string) { delete headers[name.toLowerCase()]; },
  };
  // Same options object; the cast only bridges helmet's ESM and CJS type declarations.
  helmet(options as Parameters<typeof helmet>[0])({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

function tileOrigin(tileUrl: string): string {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return "'self'";
  }
}
