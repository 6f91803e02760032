/**
 * The budget table's MQTT rows, spent by the broker on every client publish before the topic ACL
 * (realtime/broker.ts): within the budget a message goes on; over it, it is dropped; far over it
 * (MQTT_DISCONNECT_FACTOR times the budget in one window) the connection is closed. Topics clients may not
 * publish to have no row: the ACL refuses them anyway.
 */
import { parseTopic } from '@jala/contracts';

import type { AuthenticatedUser } from '../lib/session-user';
import type { PublishVerdict } from '../realtime/broker';
import type { BudgetGate } from './budget-gate';
import { MQTT_BUDGETS, MQTT_DISCONNECT_FACTOR, type PublishTopicKind } from './budget-table';

export function mqttPublishBudget(gate: BudgetGate) {
  return async (user: AuthenticatedUser, topic: string): Promise<PublishVerdict> => {
    const parsed = parseTopic(topic);
    if (!parsed || !isBudgeted(parsed.kind)) return 'allow';
    // Chat per conversation: a flood in one chat does not silence the sender's other conversations.
    const subject = parsed.kind === 'chat' ? `user:${user.id}:${parsed.tripId}:${parsed.driverId}` : `user:${user.id}`;
    const spent = await gate.spend(`MQTT ${parsed.kind}`, MQTT_BUDGETS[parsed.kind], subject);
    if (spent.allowed) return 'allow';
    return spent.count > spent.limit * MQTT_DISCONNECT_FACTOR ? 'disconnect' : 'drop';
  };
}

function isBudgeted(kind: string): kind is PublishTopicKind {
  return Object.hasOwn(MQTT_BUDGETS, kind);
}
