/**
 * Reading what is left of a request body that will not be used (one over the size limit), so the answer
 * can be sent and the connection closed without cutting the sender off: closing a socket while the
 * client's bytes are still arriving makes the kernel reset it, and the client loses the answer (EPIPE or
 * ECONNRESET instead of the 413 envelope). Bounded in bytes and time, so a sender cannot keep the server
 * reading forever: past either bound the connection is simply closed, as before.
 */
import type { IncomingMessage } from 'node:http';

/** The most of an oversized body read and thrown away before answering: above the largest route limit (documents). */
export const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
export const DISCARD_MAX_MS = 10_000;

/** Resolves true once the body has been read to its end, false when a bound was hit or the socket failed. */
export function discardRequestBody(
  request: IncomingMessage,
  maxBytes = DISCARD_MAX_BYTES,
  maxMs = DISCARD_MAX_MS,
): Promise<boolean> {
  if (request.complete || request.readableEnded || request.destroyed) return Promise.resolve(request.complete);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onFailure);
      request.off('close', onFailure);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onFailure = () => finish(request.complete);
    const timer = setTimeout(() => finish(false), maxMs);
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onFailure);
    request.once('close', onFailure);
    request.resume();
  });
}
