import type { Client } from 'aedes';
import { describe, expect, it } from 'vitest';

import { clientIdBelongsTo, SubscriptionGrants } from '../../src/realtime/client-identity';

describe('MQTT client identity', () => {
  it("accepts only client ids naming the token's user", () => {
    for (const id of ['jala_42_1700000000000', 'jala_web_42_1700000000000', 'jala_test_42_abc_9'])
      expect(clientIdBelongsTo(id, 42), id).toBe(true);
    for (const id of [
      'jala_43_1',
      'jala_web_4_2',
      'jala_web_421_1',
      'jala_42',
      'jala_42_',
      'mqttjs_42',
      'jala_042_1',
      'jala_web_anon_1',
      `jala_42_${'x'.repeat(65)}`,
      'jala_42_a b',
      'xjala_42_1',
    ]) {
      expect(clientIdBelongsTo(id, 42), id).toBe(false);
    }
  });

  it('forwards to a connection only the topics it was granted, per connection', () => {
    const grants = new SubscriptionGrants();
    const mine = {} as Client;
    const other = {} as Client;
    grants.grant(mine, 'notifications/1');
    expect(grants.allows(mine, 'notifications/1')).toBe(true);
    expect(grants.allows(other, 'notifications/1')).toBe(false);
    expect(grants.allows(mine, 'notifications/2')).toBe(false);
    grants.revoke(mine, ['notifications/1']);
    expect(grants.allows(mine, 'notifications/1')).toBe(false);
  });
});
