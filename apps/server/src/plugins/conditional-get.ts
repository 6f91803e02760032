/**
 * Conditional GET for the answers every open phone polls (docs/ARCHITECTURE.md 'Read models'): a 200
 * carries a weak ETag, a hash of the reader's id and the serialised body, so it changes whenever the
 * answer does and never matches another user's; `If-None-Match` with it gets a 304 without a body.
 * `Cache-Control: private, no-cache` lets the browser keep the answer and revalidate it on every fetch
 * (its HTTP cache turns the 304 back into the kept 200 for the page), never share it, never reuse it unasked.
 *
 * The body and its ETag are computed once per kept answer (`polledRead`): the read models hand back the same
 * object for as long as their version stamps hold (lib/read-cache.ts), and a new object whenever the answer
 * changes, so an unchanged read is a lookup and a buffer write, not a serialisation and a hash.
 */
import { hash } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { ok } from '../lib/envelope';
import { currentUser } from './authenticate';

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

interface Answer {
  userId: number;
  message: string;
  body: string;
  etag: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The sender of one polled GET route (behind app.requireUser): `send(request, reply, data, message)` answers
 * `ok(data, message)` with its ETag, or 304. Keyed by the identity of `data`, so `data` must never be
 * changed in place once sent (the read models replace their answers, never mutate them); a value that is not
 * an object (null: no active trip) is serialised every time. Each route has its own, so one route's
 * serialiser never writes another's answer; entries leave with the kept values they belong to (WeakMap).
 */
export function polledRead() {
  const answers = new WeakMap<object, Answer>();
  return function send(request: FastifyRequest, reply: FastifyReply, data: unknown, message = 'OK'): FastifyReply {
    const userId = currentUser(request).id;
    const kept = typeof data === 'object' && data !== null ? answers.get(data) : undefined;
    let answer: Answer;
    if (kept && kept.userId === userId && kept.message === message) {
      answer = kept;
    } else {
      // reply.serialize: the route's own response serialiser (and the tests' contract check).
      const body = reply.serialize(ok(data, message)) as string;
      answer = { userId, message, body, etag: etagOf(userId, body) };
      if (typeof data === 'object' && data !== null) answers.set(data, answer);
    }
    reply.header('etag', answer.etag);
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'authorization');
    if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    // A string with a JSON content type is sent as it is: no second serialisation.
    return reply.header('content-type', JSON_TYPE).send(answer.body);
  };
}
