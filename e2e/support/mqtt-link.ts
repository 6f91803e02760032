/**
 * The web app's MQTT client (apps/web/src/lib/mqtt) in Node: its socket over the `ws` package, as the
 * browser's WebSocket is in the app, and a link that loses a PUBACK on the way, to prove the QoS 1 resend.
 */
import mqttPacket, { type IPublishPacket, type Packet } from 'mqtt-packet';
import WebSocket from 'ws';

import { PacketReader } from '../../apps/web/src/lib/mqtt/packets';
import type { SocketFactory } from '../../apps/web/src/lib/mqtt/ws-client';
import type { ConnectionState, RealtimeClient } from '../../apps/web/src/lib/realtime/realtime';

/** The `ws` package behind the client's socket interface. */
export const nodeSocket: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url, ['mqtt']);
  socket.binaryType = 'arraybuffer';
  socket.on('open', () => handlers.open());
  socket.on('message', (data) => handlers.message(data));
  socket.on('close', () => handlers.close());
  socket.on('error', () => undefined); // a close follows
  return {
    send: (bytes) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(bytes);
    },
    close: () => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
    },
  };
};

export interface LossyLink {
  createSocket: SocketFactory;
  /** The PUBLISH packets the client sent, per socket (decoded by the independent mqtt-packet parser). */
  readonly publishes: IPublishPacket[][];
  /** PUBACKs the link lost (each one cut the link as it arrived). */
  readonly lostPubacks: number[];
}

/**
 * A `ws` link that loses the first `pubacksToLose` PUBACKs: the broker has taken the PUBLISH (and routed it),
 * but the link dies before its acknowledgement reaches the client, as when a phone loses its network.
 */
export function lossyLink(pubacksToLose = 1): LossyLink {
  const publishes: IPublishPacket[][] = [];
  const lostPubacks: number[] = [];
  const createSocket: SocketFactory = (url, handlers) => {
    const sent: IPublishPacket[] = [];
    publishes.push(sent);
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    parser.on('packet', (packet: Packet) => {
      if (packet.cmd === 'publish') sent.push(packet);
    });
    const reader = new PacketReader();
    let cut = false;
    const socket = nodeSocket(url, {
      open: () => handlers.open(),
      message: (data) => {
        if (cut) return;
        const puback = reader.push(new Uint8Array(data as ArrayBuffer)).find((packet) => packet.type === 'puback');
        if (puback && lostPubacks.length < pubacksToLose) {
          lostPubacks.push(puback.packetId);
          cut = true;
          socket.close();
          handlers.close();
          return;
        }
        handlers.message(data);
      },
      close: () => {
        if (!cut) handlers.close();
      },
    });
    return {
      send: (bytes) => {
        parser.parse(Buffer.from(bytes));
        socket.send(bytes);
      },
      close: () => socket.close(),
    };
  };
  return { createSocket, publishes, lostPubacks };
}

/**
 * Subscribes `handler` to `topic` and resolves once the broker has granted it (SUBACK): from then on every
 * message on the topic reaches the handler. Returns the function that removes the handler.
 */
export function subscribed<T>(
  client: RealtimeClient,
  topic: string,
  handler: (payload: T) => void,
): Promise<() => void> {
  return new Promise((resolve) => {
    let stop: (() => void) | null = null;
    let live = false;
    stop = client.subscribe<T>(topic, handler, {
      onLive: () => {
        live = true;
        if (stop) resolve(stop);
      },
    });
    if (live) resolve(stop); // already granted: onLive ran inside subscribe()
  });
}

export function waitForState(client: RealtimeClient, wanted: ConnectionState, ms = 20_000): Promise<void> {
  if (client.getState() === wanted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`state ${client.getState()}, not ${wanted}, after ${ms} ms`));
    }, ms);
    const stop = client.onConnectionChange((state) => {
      if (state !== wanted) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}
