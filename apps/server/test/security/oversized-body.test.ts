/**
 * A body over the limit gets the 413 envelope, every time: the server reads (and discards) the rest of
 * the body before answering and closing, so the sender is never cut off mid-write (EPIPE / reset) before
 * the answer arrives. Sent over a raw socket, the way a fuzzer or a misbehaving client does, many times.
 */
import { connect } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp, type TestApp } from '../support/test-app';

const ATTEMPTS = 40;
const BODY = Buffer.alloc(8 * 1024 * 1024, 'a'); // 8 MiB, well over the 256 KiB limit (and more than loopback buffers hold)

interface RawAnswer {
  response: string;
  error: string | null;
}

/** Writes one request with `body` on a fresh socket and collects everything the server sends back. */
function send(port: number, head: string, body: Buffer[]): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | null = null;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => resolve({ response: Buffer.concat(received).toString('utf8'), error }));
    socket.once('connect', () => {
      socket.write(head);
      for (const part of body) socket.write(part);
      socket.end();
    });
  });
}

function expectEnvelope(answer: RawAnswer) {
  const [headers = '', text = ''] = answer.response.split('\r\n\r\n');
  expect({ status: headers.split('\r\n')[0], error: answer.error }).toEqual({
    status: 'HTTP/1.1 413 Payload Too Large',
    error: null,
  });
  expect(JSON.parse(text)).toEqual({
    success: false,
    data: null,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'La solicitud es demasiado grande.',
  });
}

describe('a body over the limit', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    port = Number(new URL(t.baseUrl).port);
  });
  afterAll(async () => t?.stop());

  it('is answered with the 413 envelope when its Content-Length is over the limit', async () => {
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n`;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) expectEnvelope(await send(port, head, [BODY]));
  }, 120_000);

  it('is answered with the 413 envelope when it is chunked and grows past the limit while read', async () => {
    const head =
      'POST /api/auth/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunks = [Buffer.from(`${BODY.length.toString(16)}\r\n`), BODY, Buffer.from('\r\n0\r\n\r\n')];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) expectEnvelope(await send(port, head, chunks));
  }, 120_000);
});
