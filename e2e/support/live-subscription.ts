/** What a page's MQTT link is told by the broker, read off its WebSocket frames (the app's client is not touched). */
import mqttPacket, { type Packet } from 'mqtt-packet';
import type { Page, WebSocket } from 'playwright-core';

import { BROWSER_WAIT_MS } from './browser';

/**
 * Resolves when the broker grants `page` its subscription to `topic`: the SUBACK answering the page's
 * SUBSCRIBE of it, on any MQTT WebSocket the page opens from now on. From then on every message on the
 * topic reaches the page live, so a step another phone takes next cannot slip in before the page listens.
 * Call it before the navigation that subscribes, and await it after; rejects after `timeoutMs`.
 */
export function subscriptionGranted(page: Page, topic: string, timeoutMs = BROWSER_WAIT_MS): Promise<void> {
  let stop = (): void => undefined;
  const granted = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the broker granted no subscription to ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    const watch = (socket: WebSocket): void => {
      // Packet id of each SUBSCRIBE naming the topic → the topic's place in it (its SUBACK's return code).
      const asked = new Map<number, number>();
      const sent = mqttPacket.parser({ protocolVersion: 4 });
      const received = mqttPacket.parser({ protocolVersion: 4 });
      sent.on('error', () => undefined);
      received.on('error', () => undefined);
      sent.on('packet', (packet: Packet) => {
        if (packet.cmd !== 'subscribe' || packet.messageId === undefined) return;
        const index = packet.subscriptions.findIndex((subscription) => subscription.topic === topic);
        if (index >= 0) asked.set(packet.messageId, index);
      });
      received.on('packet', (packet: Packet) => {
        if (packet.cmd !== 'suback' || packet.messageId === undefined) return;
        const index = asked.get(packet.messageId);
        // 0x80 is the broker's refusal.
        if (index === undefined || packet.granted[index] === 0x80) return;
        stop();
        resolve();
      });
      socket.on('framesent', ({ payload }) => sent.parse(Buffer.from(payload)));
      socket.on('framereceived', ({ payload }) => received.parse(Buffer.from(payload)));
    };
    stop = () => {
      clearTimeout(timer);
      page.off('websocket', watch);
    };
    page.on('websocket', watch);
  });
  // Awaited by the caller; a walk that failed before awaiting it leaves no unhandled rejection behind.
  granted.catch(() => undefined);
  return granted;
}
