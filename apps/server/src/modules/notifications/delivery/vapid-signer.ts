/**
 * The VAPID `Authorization` header (RFC 8292) per push service, signed once and reused. web-push signs a
 * fresh ES256 token for every message (with an ASN.1 key conversion in JavaScript): about two thirds of a
 * push's CPU. A token only names the push service's origin, our subject and an expiry, so one per origin
 * serves every device there until it is re-signed.
 */
import webpush from 'web-push';

import type { VapidKeys } from './vapid-keys';

/** A token's lifetime; RFC 8292 allows at most 24 h. */
const TOKEN_LIFETIME_S = 12 * 3600;
/** Re-signed this long after signing, so a header in use always has hours of validity left. */
const RESIGN_AFTER_MS = 3600_000;
/** Origins kept (the browsers' push services are four; tests start one per run): a bound, not a working set. */
const MAX_ORIGINS = 64;

export class VapidSigner {
  private readonly headers = new Map<string, { authorization: string; signedAt: number }>();

  /** `clock` is real time: the push service checks the expiry against its own clock, not the app's. */
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly clock: () => number = Date.now,
  ) {}

  authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = this.clock();
    const cached = this.headers.get(audience);
    if (cached && now - cached.signedAt < RESIGN_AFTER_MS) return cached.authorization;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + TOKEN_LIFETIME_S,
    );
    if (!cached && this.headers.size >= MAX_ORIGINS) this.headers.clear();
    this.headers.set(audience, { authorization: Authorization, signedAt: now });
    return Authorization;
  }
}
