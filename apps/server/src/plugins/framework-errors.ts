/**
 * Errors Fastify answers before a route (and its hooks) runs: a malformed percent-encoding in the path
 * (FST_ERR_BAD_URL), a path parameter longer than `maxParamLength` (414), and malformed HTTP that Node's
 * parser rejects on the socket. They get the same Spanish envelope and security headers as everything else.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { type ErrorCode, ERRORS } from '../lib/app-error';

const envelope = (code: ErrorCode, message: string = ERRORS[code].message) =>
  JSON.stringify({ success: false, data: null, message, code });

/** Fastify's `frameworkErrors` option. */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const code: ErrorCode =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'URI_TOO_LONG'
        : error.code === 'FST_ERR_BAD_URL'
          ? 'BAD_URL'
          : 'INTERNAL';
    if (code === 'INTERNAL') request.log.error({ err: error }, 'framework error');
    return reply
      .headers(headers)
      .status(ERRORS[code].status)
      .type('application/json; charset=utf-8')
      .send(envelope(code));
  };
}

/** Fastify's `clientErrorHandler` option: requests Node could not even parse (bad request line, huge headers). */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = envelope(
      'VALIDATION',
      status === 431 ? 'Las cabeceras de la solicitud son demasiado grandes.' : 'La solicitud no es válida.',
    );
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Connection: close',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  };
}
