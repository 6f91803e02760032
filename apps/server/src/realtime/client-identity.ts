/**
 * Binding MQTT connections to users, beyond the token check:
 *
 * - Client ids carry the user's id (`jala_<userId>_<suffix>`, or `jala_<tag>_<userId>_<suffix>` such as the
 *   web app's `jala_web_<userId>_<ms>`). Aedes drops an existing connection when another one arrives with
 *   the same client id, and hands a persistent session to whoever presents its id; so an id that does not
 *   name the token's user is refused at CONNECT (return code 2, identifier rejected).
 * - Per-subscriber delivery (Aedes `authorizeForward`, which must answer synchronously) only reaches a
 *   connection for topics the topic ACL granted to that very connection when it subscribed. Subscriptions
 *   the connection did not make itself (a restored persistent session) deliver nothing until it
 *   subscribes again and passes the ACL. A grant is withdrawn when the client unsubscribes, or when the
 *   server revokes it because the user lost access (broker.ts `revoke`).
 */
import type { Client } from 'aedes';

const CLIENT_ID = /^jala_(?:[a-z]{1,16}_)?([1-9][0-9]{0,9})_[A-Za-z0-9_-]{1,64}$/;
export const IDENTIFIER_REJECTED = 2;

/** Whether `clientId` is a Jala client id naming `userId`. */
export function clientIdBelongsTo(clientId: string, userId: number): boolean {
  const match = CLIENT_ID.exec(clientId);
  return match !== null && Number(match[1]) === userId;
}

/** Topics each live connection was allowed to subscribe to (the ACL's answer at SUBSCRIBE time). */
export class SubscriptionGrants {
  private readonly grants = new WeakMap<Client, Set<string>>();
  private revocations = 0;

  /**
   * Changes whenever the server revokes a grant on this node. A SUBSCRIBE whose ACL check was running
   * meanwhile may have read the access from before the change: it is checked again (broker.ts).
   */
  get revocationCount(): number {
    return this.revocations;
  }

  grant(client: Client, topic: string): void {
    const set = this.grants.get(client) ?? new Set<string>();
    set.add(topic);
    this.grants.set(client, set);
  }

  revoke(client: Client, topics: string[]): void {
    const set = this.grants.get(client);
    for (const topic of topics) set?.delete(topic);
  }

  /** Withdraws grants of `clients` (one user's connections) to topics that user lost access to. */
  revokeLost(clients: Iterable<Client>, topics: readonly string[]): void {
    this.revocations += 1;
    for (const client of clients) this.revoke(client, [...topics]);
  }

  allows(client: Client, topic: string): boolean {
    return this.grants.get(client)?.has(topic) ?? false;
  }
}
