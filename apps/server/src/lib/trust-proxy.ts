/**
 * TRUST_PROXY: which reverse proxies may tell us the client's address (X-Forwarded-For). Off by default,
 * because otherwise every client chooses its own `request.ip` and walks around per-address throttles.
 * Values: unset/`false` (trust nobody), a hop count (`1` = the proxy directly in front of us), or a comma
 * list of proxy addresses and CIDR ranges (`10.0.0.1,10.1.0.0/16`). Never a blanket `true`.
 */
import { isIP } from 'node:net';

export type TrustProxy = false | number | string[];

/** Parses the variable; returns an English reason instead when it is not valid. */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { error: string } {
  const text = raw?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return { value: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { value: hops } : { error: 'a hop count must be between 0 and 10' };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
  if (wrong.length > 0) {
    return {
      error: `must be false, a hop count, or a comma list of IP addresses/CIDR ranges (not valid: ${wrong.join(', ')})`,
    };
  }
  return { value: entries };
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Fastify's `trustProxy` option: a hop count becomes "trust the first n hops" (its types take no number). */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
