/** An MQTT payload as JSON; undefined when it is not JSON (the caller's schema then refuses it). */
export function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
