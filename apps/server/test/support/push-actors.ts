/** Test users with a subscribed "device" of the test push service (support/push-service.ts). */
import { expect } from 'vitest';

import type { App } from '../../src/app';
import { api } from './http';
import type { PushDevice, TestPushService } from './push-service';

export async function subscribeDevice(baseUrl: string, token: string, service: TestPushService): Promise<PushDevice> {
  const device = service.device();
  const res = await api(baseUrl, 'POST', '/notifications/subscription', {
    token,
    body: { endpoint: device.endpoint, keys: device.keys },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return device;
}

/** Waits until every push this node queued was sent (the queue's own event, not a pause). */
export const pushesSettled = (...apps: App[]) => Promise.all(apps.map((app) => app.services.push.sender.idle()));

/** The titles a device received, for exact "once, and nothing else" assertions. */
export const titles = (device: PushDevice) => device.received.map((payload) => payload.title);
