/**
 * SMS_PROVIDER=twilio against a real local HTTP server shaped like Twilio's Messages API: the product is
 * started on both databases with TWILIO_API_URL pointing at it, and the test reads the code from the
 * request Twilio would have received (path, basic auth, form fields).
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../src/config';
import { TwilioSmsSender } from '../../src/modules/phone-verification/sms';
import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'secreto-de-prueba-twilio-1234';
const SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`;

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A local stand-in for api.twilio.com: records every request and answers like Twilio (201, or `nextStatus`). */
class FakeTwilio {
  readonly received: Received[] = [];
  nextStatus = 201;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void readBody(request).then((body) => {
        this.received.push({
          path: request.url ?? '',
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          form: new URLSearchParams(body),
        });
        const status = this.nextStatus;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            status === 201
              ? { sid: `SM${this.received.length}`, status: 'queued' }
              : { code: 21211, message: "The 'To' number is not a valid phone number.", status },
          ),
        );
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const twilio = new FakeTwilio();
beforeAll(() => twilio.start());
afterAll(() => twilio.stop());

const silent = { info: () => undefined, warn: () => undefined };

describeOnBackends(
  'SMS codes through Twilio on %s',
  ({ t, maybe }) => {
    maybe('the code goes to Twilio as a form POST with basic auth, and typing it verifies the number', async () => {
      const { token } = await registerUser(t.baseUrl, { phone: '51 912 000 111' });
      const before = twilio.received.length;
      const sent = await api(t.baseUrl, 'POST', '/phone-verification/code', { token });
      expect(sent.status).toBe(201);

      const request = twilio.received.at(-1)!;
      expect(twilio.received.length).toBe(before + 1);
      expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
      expect(request.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
      expect(request.contentType).toBe('application/x-www-form-urlencoded');
      expect(request.form.get('To')).toBe('+51912000111');
      expect(request.form.get('From')).toBe('+15005550006');
      const body = request.form.get('Body') ?? '';
      expect(body).toMatch(/^Jala: tu código es \d{6}\. Vence en 10 minutos\.$/);

      const code = /(\d{6})/.exec(body)![1];
      const done = await api<{ verified: boolean }>(t.baseUrl, 'POST', '/phone-verification/confirm', {
        token,
        body: { code },
      });
      expect(done.body.data.verified).toBe(true);
    });

    maybe('a refusal from Twilio is a Spanish 502, keeps no code, and asking again is allowed at once', async () => {
      const { token } = await registerUser(t.baseUrl, { phone: '912 000 222' });
      twilio.nextStatus = 400;
      try {
        const refused = await api(t.baseUrl, 'POST', '/phone-verification/code', { token });
        expect(refused).toMatchObject({ status: 502, body: { code: 'SMS_NOT_SENT' } });
        expect(refused.body.message).toBe('No pudimos enviar el SMS. Inténtalo de nuevo en unos minutos.');
        const state = await api<{ pending: unknown; resend_in_seconds: number }>(
          t.baseUrl,
          'GET',
          '/phone-verification',
          { token },
        );
        expect(state.body.data).toMatchObject({ pending: null, resend_in_seconds: 0 });
      } finally {
        twilio.nextStatus = 201;
      }
      expect((await api(t.baseUrl, 'POST', '/phone-verification/code', { token })).status).toBe(201);
    });
  },
  {
    start: () => ({
      config: {
        sms: { provider: 'twilio', accountSid: SID, authToken: TOKEN, from: '+15005550006', apiUrl: twilio.url },
      },
    }),
  },
);

describe('Twilio adapter', () => {
  it('sends a Messaging Service SID as MessagingServiceSid instead of From', async () => {
    const sender = new TwilioSmsSender(
      { accountSid: SID, authToken: TOKEN, from: SERVICE_SID, apiUrl: twilio.url },
      silent,
    );
    await sender.send({ to: '+51987000333', body: 'Jala: tu código es 000111. Vence en 10 minutos.' });
    const request = twilio.received.at(-1)!;
    expect(request.form.get('MessagingServiceSid')).toBe(SERVICE_SID);
    expect(request.form.has('From')).toBe(false);
  });

  it('is chosen by SMS_PROVIDER=twilio, which needs its three settings; the outbox is the default', () => {
    const base = { DATA_DIR: '/tmp/jala-config-test', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).sms).toEqual({ provider: 'outbox', outboxDir: '/tmp/jala-config-test/outbox' });
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'twilio' })).toThrow(
      /TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER=twilio/,
    );
    expect(
      loadConfig({
        ...base,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: 'http://127.0.0.1:9/',
      }).sms,
    ).toEqual({
      provider: 'twilio',
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
      apiUrl: 'http://127.0.0.1:9',
    });
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
  });
});
