import { readFileSync } from 'node:fs';

/** Raw text of a recorded response under ./fixtures, served byte for byte like the real service. */
export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

export interface FakeReply {
  status?: number;
  body: string;
  contentType?: string;
}

export interface RecordedRequest {
  url: URL;
  headers: Headers;
  signal: AbortSignal | null | undefined;
}

/**
 * A `fetch` that answers from fixtures and records every request, so a test can assert both what the
 * adapter asked (URL, parameters, headers) and what it made of the answer. No network is touched.
 */
export function createFakeFetch(reply: (url: URL) => FakeReply | Promise<FakeReply>) {
  const requests: RecordedRequest[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push({ url, headers: new Headers(init?.headers), signal: init?.signal });
    const { status = 200, body, contentType = 'application/json; charset=utf-8' } = await reply(url);
    return new Response(body, { status, headers: { 'content-type': contentType } });
  };
  return { fetch: fakeFetch, requests };
}

/** The single request a call made; fails loudly when there were more or fewer. */
export function onlyRequest(requests: RecordedRequest[]): RecordedRequest {
  if (requests.length !== 1) throw new Error(`expected exactly one request, got ${requests.length}`);
  return requests[0] as RecordedRequest;
}

/** Runs `action` and returns what it threw (or fails the test if it did not throw). */
export async function caught(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}
