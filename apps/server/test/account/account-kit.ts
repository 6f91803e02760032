/** What the account-lifecycle tests share: signing in as a named phone and reading a session's row. */
import { type Database, eq, schema } from '@jala/db';
import { FACTORY_PASSWORD } from '@jala/test-factories/database';

import type { ApiResponse } from '../support/http';

/** User-Agent strings of real phones, as their browsers send them. */
export const PHONES = {
  android:
    'Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  laptop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
} as const;

/** POST /auth/login from a browser with this User-Agent; the token and its session id. */
export async function signInFrom(
  baseUrl: string,
  email: string,
  userAgent: string,
  password: string = FACTORY_PASSWORD,
): Promise<{ token: string; userId: number; sessionId: string }> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as ApiResponse<{ token: string; user: { id: number } }>['body'];
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${body.message}`);
  return { token: body.data.token, userId: body.data.user.id, sessionId: sessionIdOf(body.data.token) };
}

/** The session a token names (its `sid` claim; the signature is the server's business). */
export function sessionIdOf(token: string): string {
  const [, payload = ''] = token.split('.');
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string }).sid;
}

export async function sessionRow(db: Database, sessionId: string) {
  const [row] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, sessionId));
  if (!row) throw new Error(`no session ${sessionId}`);
  return row;
}
