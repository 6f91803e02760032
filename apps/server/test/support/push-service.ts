/**
 * A push service on 127.0.0.1 standing in for FCM/Mozilla/Apple (unreachable here), built on node:crypto
 * alone: each "device" is a fresh P-256 key pair and auth secret, like a browser's PushSubscription. A POST
 * to a device's endpoint must carry a valid VAPID signature (ES256 JWT for this origin, RFC 8292) and an
 * aes128gcm body (RFC 8188) that decrypts with the device's keys (RFC 8291); the decrypted JSON payload is
 * kept per device. Anything else is answered 400 and recorded as a rejection, so a test sees it.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { type PushPayload, zPushPayload } from '@jala/contracts';

export interface PushDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Payloads delivered, decrypted, in arrival order. */
  received: PushPayload[];
  /** The VAPID public key each push was signed with. */
  signers: string[];
  /** Answer this status (404/410: the subscription is gone) instead of accepting. */
  answer: number | null;
}

export interface TestPushService {
  origin: string;
  device(): PushDevice;
  /** Requests refused, with why (a bad signature or a body that would not decrypt). */
  rejections: string[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const devices = new Map<string, { device: PushDevice; ecdh: ECDH; auth: Buffer }>();
  const rejections: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const entry = devices.get(request.url ?? '');
      if (request.method !== 'POST' || !entry) return response.writeHead(404).end();
      try {
        const signer = checkVapid(String(request.headers.authorization ?? ''), origin);
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        if (!request.headers.ttl) throw new Error('no TTL header');
        const payload = zPushPayload.parse(JSON.parse(decrypt(body, entry.ecdh, entry.auth).toString('utf8')));
        if (entry.device.answer !== null) return response.writeHead(entry.device.answer).end();
        entry.device.received.push(payload);
        entry.device.signers.push(signer);
        return response.writeHead(201).end();
      } catch (error) {
        rejections.push(error instanceof Error ? error.message : String(error));
        return response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    rejections,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomUUID()}`;
      const device: PushDevice = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        received: [],
        signers: [],
        answer: null,
      };
      devices.set(path, { device, ecdh, auth });
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** `vapid t=<ES256 JWT>, k=<public key>`: the signature must verify with k, for this origin, unexpired. */
function checkVapid(header: string, audience: string): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`authorization header "${header}"`);
  const [token, key] = [match[1]!, match[2]!];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const [head, claims, signature] = token.split('.') as [string, string, string];
  if (
    !verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
  ) {
    throw new Error('VAPID signature does not verify');
  }
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== audience) throw new Error(`VAPID aud ${body.aud}`);
  if (!body.exp || body.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  if (!body.sub?.startsWith('mailto:') && !body.sub?.startsWith('https:')) throw new Error(`VAPID sub ${body.sub}`);
  return key;
}

/** RFC 8291 key derivation and RFC 8188 aes128gcm, one record (what a push payload of under 4 KB is). */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('last record has no 0x02 delimiter');
  return padded.subarray(0, end);
}
