/**
 * Signed, expiring session tokens (HS256 JWT). The token names a session row; a session can be revoked
 * (logout) without touching the user's other devices.
 */
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  get ttl(): number {
    return this.ttlSeconds;
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer('jala')
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Returns the claims of a valid, unexpired token, or null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'jala', algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
      return { userId, sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}
