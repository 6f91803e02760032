/** The product's HTTP API as the browser tests call it to set a scene up (the envelope's data and message). */
import { baseUrl } from './browser';

export async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; data: T; message: string }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { data: T; message: string };
  return { status: response.status, data: envelope.data, message: envelope.message };
}
