/**
 * How many MQTT messages this node's broker moved, by direction and topic kind, for /metrics. The kind is
 * the topic's family, never its ids (bounded labels): a few string comparisons per message, no regex.
 * Directions: `in` a client's publish that passed budget and ACL, `refused` one that did not (dropped over
 * budget, denied, or its connection closed), `out` a delivery to a subscribed client, `server` the server's
 * own publications (events, revocations).
 */
import { TOPIC_PREFIX, topics } from '@jala/contracts';

export type MessageDirection = 'in' | 'refused' | 'out' | 'server';

const FIRST_SEGMENT_KINDS = new Set(['trip_offers', 'trip_status', 'chat', 'driver_location', 'notifications']);
const DRIVER_FEED_PREFIX = `${topics.tripRequests}/driver/`;

/** The topic's family: one of a fixed set of names, `other` for anything else. */
export function topicKind(topic: string): string {
  const slash = topic.indexOf('/');
  const first = slash < 0 ? topic : topic.slice(0, slash);
  if (FIRST_SEGMENT_KINDS.has(first)) return first;
  if (first === TOPIC_PREFIX) {
    if (topic === topics.tripRequests) return 'trip_requests';
    if (topic.startsWith(DRIVER_FEED_PREFIX)) return 'driver_trip_requests';
    if (topic === topics.operatorLive) return 'operator_live';
  }
  if (first === `$${TOPIC_PREFIX}`) return 'internal';
  return 'other';
}

export class MessageCounts {
  private readonly counts = new Map<string, number>();

  add(direction: MessageDirection, topic: string): void {
    const key = `${direction}\t${topicKind(topic)}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Every (direction, kind) seen so far with its count. */
  entries(): { direction: MessageDirection; kind: string; count: number }[] {
    return [...this.counts].map(([key, count]) => {
      const [direction, kind] = key.split('\t') as [MessageDirection, string];
      return { direction, kind, count };
    });
  }
}
