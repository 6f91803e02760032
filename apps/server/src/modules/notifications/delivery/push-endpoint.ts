/**
 * Which push endpoints the server will POST to. The endpoint is chosen by the browser's push service, but
 * it reaches the server as user input: accepted blindly, it would let anyone make the server send requests
 * to any address (SSRF: internal services, cloud metadata). So only https URLs on the known push services'
 * hosts are kept. Tests run their own decrypting push service on http://127.0.0.1, accepted only when the
 * configuration says so (`PushConfig.allowLoopbackEndpoints`, which no environment variable sets).
 */
import { AppError } from '../../../lib/app-error';

/** The browsers' push services (Chrome/Edge-on-Android: FCM; Firefox: Mozilla; Safari: Apple; Edge: WNS). */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

const onKnownService = (host: string) =>
  PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));

/** The endpoint as a URL when the server may post to it, else a 400 with a Spanish message. */
export function checkPushEndpoint(endpoint: string, options: { allowLoopback: boolean }): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new AppError('PUSH_ENDPOINT_INVALID');
  }
  if (url.username || url.password) throw new AppError('PUSH_ENDPOINT_INVALID');
  if (url.protocol === 'https:' && onKnownService(url.hostname) && (url.port === '' || url.port === '443')) return url;
  if (options.allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return url;
  throw new AppError('PUSH_ENDPOINT_INVALID');
}
