/**
 * One push's HTTP request (RFC 8030): the payload encrypted for the device (aes128gcm, RFC 8188/8291, by
 * web-push) and the headers web-push's generateRequestDetails would set, with the VAPID header given by
 * the caller (vapid-signer.ts signs it once per push service instead of once per message).
 */
import webpush from 'web-push';

export interface PushDelivery {
  /** How long the push service keeps it for an offline phone (seconds): a request is stale in minutes. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

export interface PushRequest {
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
}

/** Synchronous CPU work (~0.1 ms): callers run it through the TimeSlicer, never in a loop of their own. */
export function encryptPush(
  keys: { p256dh: string; auth: string },
  payloadJson: string,
  delivery: PushDelivery,
  authorization: string,
): PushRequest {
  const { cipherText } = webpush.encrypt(keys.p256dh, keys.auth, payloadJson, 'aes128gcm');
  return {
    headers: {
      TTL: String(delivery.ttlSeconds),
      Urgency: delivery.urgency,
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      Authorization: authorization,
    },
    body: new Uint8Array(cipherText),
  };
}
