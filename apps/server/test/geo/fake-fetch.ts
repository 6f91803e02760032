import { readFileSync } from 'node:fs';

import { expect } from 'vitest';

import type { GeoProvider } from '../../src/geo';
import { PACIFIC_OFF_LIMA } from './test-places';

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

/** One call of a provider over a fake service: what it answered and the single request it made there. */
export async function callOnce<T>(
  { provider, requests }: { provider: GeoProvider; requests: RecordedRequest[] },
  call: (provider: GeoProvider) => Promise<T>,
) {
  const answer = await call(provider);
  return { answer, ...onlyRequest(requests) };
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

/** A remote provider refuses a point outside Peru as OUT_OF_COVERAGE without spending a request on it. */
export async function expectNoRequestOutsidePeru({
  provider,
  requests,
}: {
  provider: GeoProvider;
  requests: RecordedRequest[];
}): Promise<void> {
  await expect(provider.reverseGeocode(PACIFIC_OFF_LIMA)).rejects.toMatchObject({ code: 'OUT_OF_COVERAGE' });
  expect(requests).toHaveLength(0);
}
