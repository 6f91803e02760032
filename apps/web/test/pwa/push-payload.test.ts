/**
 * The push payload contract the service worker shows (apps/web/src/sw/push-payload.ts): what it accepts,
 * the notification it makes, and that a tap only ever opens a path of this site.
 */
import type { PushPayload } from '@jala/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';

import { appUrl, notificationOptions, parsePushPayload } from '@/sw/push-payload';

const ORIGIN = 'https://jala.pe';
const ICONS = { icon: '/icons/icon-192.png', badge: '/icons/badge-96.png' };

describe('push payload', () => {
  it("is the contracts' payload type, not a copy of it (checked by the type checker)", () => {
    expectTypeOf(parsePushPayload).returns.toEqualTypeOf<PushPayload | null>();
    expectTypeOf(notificationOptions).parameter(0).toEqualTypeOf<PushPayload>();
  });

  it('reads the contract and builds the notification from it', () => {
    const payload = parsePushPayload({
      kind: 'trip_request',
      title: '3 solicitudes nuevas cerca de ti',
      body: 'Miraflores · S/ 15.00',
      url: '/driver/trip-request',
      tag: 'requests',
      renotify: true,
    });
    expect(payload).not.toBeNull();
    expect(notificationOptions(payload!, ICONS)).toEqual({
      body: 'Miraflores · S/ 15.00',
      data: { url: '/driver/trip-request', kind: 'trip_request' },
      icon: ICONS.icon,
      badge: ICONS.badge,
      lang: 'es-PE',
      tag: 'requests',
      renotify: true,
    });
  });

  it('leaves renotify out without a tag (the browser refuses one without the other)', () => {
    const options = notificationOptions(
      parsePushPayload({
        kind: 'chat',
        title: 'Mensaje de Jorge',
        body: 'Ya llegué',
        url: '/passenger/active-trip',
        renotify: true,
      })!,
      ICONS,
    );
    expect(options).not.toHaveProperty('tag');
    expect(options).not.toHaveProperty('renotify');
  });

  it('refuses what is not the contract', () => {
    for (const json of [
      null,
      'texto',
      42,
      { title: 'x', body: 'y', url: '/' },
      { kind: 'a', title: 1, body: 'y', url: '/' },
      { kind: 'a', title: 'x', body: 'y', url: '/', tag: 5 },
      { kind: 'a', title: 'x', body: 'y', url: '/', renotify: 'sí' },
    ]) {
      expect(parsePushPayload(json)).toBeNull();
    }
  });

  it('opens only paths of this site; anything else opens the dashboard', () => {
    expect(appUrl('/driver/trip-request', ORIGIN)).toBe(`${ORIGIN}/driver/trip-request`);
    expect(appUrl('https://evil.example/robar', ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(appUrl('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(appUrl('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(appUrl('', ORIGIN)).toBe(`${ORIGIN}/dashboard`);
  });
});
