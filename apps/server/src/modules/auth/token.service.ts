/**
 * Signed, expiring session tokens (HS256 JWT). The token names a session row; a session can be revoked
 * (logout) without touching the user's other devices.
 */
import { webcrypto } from 'node:crypto';

import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

/** A verified token's claims and when it expires (ms since the epoch). */
export interface VerifiedToken extends TokenClaims {
  expiresAt: number;
}

export class TokenService {
  /** A WebCrypto key imported once: given raw bytes or a KeyObject, jose imports it again on every call. */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  get ttl(): number {
    return this.ttlSeconds;
  }

  async sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer('jala')
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /** Returns the claims of a valid, unexpired token, or null for anything else. */
  async verify(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: 'jala',
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      });
      const userId = Number(payload.sub);
      if (
        !Number.isSafeInteger(userId) ||
        userId <= 0 ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      )
        return null;
      return { userId, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
}
