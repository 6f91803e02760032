/**
 * Conditional GET for the answers every open phone polls (docs/ARCHITECTURE.md 'Read models'): a 200
 * carries a weak ETag, a hash of the reader's id and the serialised body, so it changes whenever the
 * answer does and never matches another user's; `If-None-Match` with it gets a 304 without a body.
 * `Cache-Control: private, no-cache` lets the browser keep the answer and revalidate it on every fetch
 * (its HTTP cache turns the 304 back into the kept 200 for the page), never share it, never reuse it unasked.
 */
import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One-shot crypto.hash: no Hash object per answer, a measurable share of a polled read's CPU. Hex, because
 * Node 20's crypto.hash sometimes upper-cases the first character of a process's first 'base64url' digest.
 */
export function etagOf(userId: number, body: string): string {
  return `W/"${hash('sha1', `${userId}:${body}`, 'hex').slice(0, 32)}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, lists and `*` allowed). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.slice(2);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === opaque || tag === `W/${opaque}`;
  });
}

/** An `onSend` hook for a polled GET route behind app.requireUser. */
export async function conditionalGet(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || !request.user) return payload;
  const etag = etagOf(request.user.id, payload);
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'authorization');
  if (!matches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return null;
}
