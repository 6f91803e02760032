/**
 * Who may subscribe or publish to which MQTT topic. Deny by default: a topic is allowed only when a rule for
 * its kind exists and says yes. Wildcards and unknown topics never parse, so they are always refused.
 * Messages the server itself publishes do not pass through here.
 */
import { parseTopic } from '@jala/contracts';

import type { AuthenticatedUser } from '../lib/session-user';

type ParsedTopic = NonNullable<ReturnType<typeof parseTopic>>;
type Kind = ParsedTopic['kind'];
type TopicOf<K extends Kind> = Extract<ParsedTopic, { kind: K }>;

export interface TopicRule<K extends Kind> {
  canSubscribe?: (user: AuthenticatedUser, topic: TopicOf<K>) => Promise<boolean> | boolean;
  /** `payload` is the raw message; a rule that allows publishing must also validate it. */
  canPublish?: (user: AuthenticatedUser, topic: TopicOf<K>, payload: Buffer) => Promise<boolean> | boolean;
}

export class TopicAcl {
  private readonly rules = new Map<Kind, TopicRule<Kind>>();

  /** Registers the rule for one topic kind (each feature module owns the rules of its topics). */
  define<K extends Kind>(kind: K, rule: TopicRule<K>): this {
    if (this.rules.has(kind)) throw new Error(`topic rule for ${kind} defined twice`);
    // Stored as closures over any parsed topic; canSubscribe/canPublish only call a rule with a topic of
    // its own kind (looked up by `parsed.kind`), which is what the narrowing below states.
    const { canSubscribe, canPublish } = rule;
    this.rules.set(kind, {
      canSubscribe: canSubscribe && ((user, topic) => canSubscribe(user, topic as TopicOf<K>)),
      canPublish: canPublish && ((user, topic, payload) => canPublish(user, topic as TopicOf<K>, payload)),
    });
    return this;
  }

  async canSubscribe(user: AuthenticatedUser, topic: string): Promise<boolean> {
    const parsed = parseTopic(topic);
    const rule = parsed && this.rules.get(parsed.kind);
    return Boolean(parsed && rule?.canSubscribe && (await rule.canSubscribe(user, parsed)));
  }

  async canPublish(user: AuthenticatedUser, topic: string, payload: Buffer): Promise<boolean> {
    const parsed = parseTopic(topic);
    const rule = parsed && this.rules.get(parsed.kind);
    return Boolean(parsed && rule?.canPublish && (await rule.canPublish(user, parsed, payload)));
  }
}

/** Rules that need no data lookups: personal notification feeds, and the operators' live map. */
export function defineBaseRules(acl: TopicAcl): TopicAcl {
  return (
    acl
      .define('notifications', { canSubscribe: (user, topic) => topic.userId === user.id })
      // Operators only (users.is_admin at connect time); nobody publishes but the server.
      .define('operatorLive', { canSubscribe: (user) => user.isAdmin })
  );
}
