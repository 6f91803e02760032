// @vitest-environment node
/// <reference types="node" />
/**
 * The web app's MQTT 3.1.1 codec against mqtt-packet, the reference implementation the broker (Aedes)
 * itself uses: what we encode, it parses to the intended packet; what it generates, we decode.
 */
import mqttPacket, { type Packet } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';

import {
  encodeConnect,
  encodeDisconnect,
  encodePingreq,
  encodePuback,
  encodePublish,
  encodeSubscribe,
  encodeUnsubscribe,
  type IncomingPacket,
  MqttProtocolError,
  PacketReader,
} from '@/lib/mqtt/packets';

/** Parses bytes with mqtt-packet; fails the test on a parse error or leftover bytes. */
function parseReference(bytes: Uint8Array): Packet[] {
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  const packets: Packet[] = [];
  let failure: Error | null = null;
  parser.on('packet', (packet) => packets.push(packet));
  parser.on('error', (error) => (failure = error));
  const left = parser.parse(Buffer.from(bytes));
  if (failure) throw failure;
  expect(left).toBe(0);
  return packets;
}

const generate = (packet: Record<string, unknown>): Uint8Array =>
  new Uint8Array(mqttPacket.generate(packet as unknown as Packet));
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('MQTT packets the web app sends', () => {
  it('CONNECT carries client id, credentials, clean session, level 4 and keepalive', () => {
    const [packet] = parseReference(
      encodeConnect({
        clientId: 'jala_web_42_17',
        username: '42',
        password: 'tok.en',
        clean: true,
        keepaliveSeconds: 60,
      }),
    );
    expect(packet).toMatchObject({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      clientId: 'jala_web_42_17',
      username: '42',
    });
    expect(String((packet as { password?: Buffer }).password)).toBe('tok.en');
  });

  it('CONNECT without credentials, and refuses a password without a username', () => {
    const [packet] = parseReference(encodeConnect({ clientId: 'c', clean: false, keepaliveSeconds: 0 }));
    expect(packet).toMatchObject({ cmd: 'connect', clean: false, keepalive: 0, clientId: 'c' });
    expect(packet).not.toHaveProperty('username');
    expect(() => encodeConnect({ clientId: 'c', password: 'p', clean: true, keepaliveSeconds: 60 })).toThrow(
      /username/,
    );
  });

  it('PUBLISH at QoS 0 and 1 with retain, UTF-8 topic and payload', () => {
    const payload = new TextEncoder().encode(JSON.stringify({ message: 'Llego en 3 minutos, ¿dónde está?' }));
    const [qos0] = parseReference(encodePublish({ topic: 'chat/7/9', payload, qos: 0, retain: false }));
    expect(qos0).toMatchObject({ cmd: 'publish', topic: 'chat/7/9', qos: 0, retain: false });
    expect(text((qos0 as { payload: Buffer }).payload)).toContain('¿dónde está?');
    const [qos1] = parseReference(
      encodePublish({ topic: 'trip_status/ñ', payload, qos: 1, retain: true, packetId: 513 }),
    );
    expect(qos1).toMatchObject({ cmd: 'publish', topic: 'trip_status/ñ', qos: 1, retain: true, messageId: 513 });
    expect(() => encodePublish({ topic: 't', payload, qos: 1, retain: false })).toThrow(/packet id/);
  });

  it('a payload long enough for a multi-byte remaining length (127, 128, 16383, 16384 and 2 MB bodies)', () => {
    for (const size of [127 - 3, 128 - 3, 16_383 - 3, 16_384 - 3, 2_000_000]) {
      const payload = new Uint8Array(size).fill(0x61);
      const [packet] = parseReference(encodePublish({ topic: 't', payload, qos: 0, retain: false }));
      expect((packet as { payload: Buffer }).payload.length).toBe(size);
    }
  });

  it('SUBSCRIBE, UNSUBSCRIBE, PUBACK, PINGREQ and DISCONNECT', () => {
    expect(
      parseReference(
        encodeSubscribe(1, [
          { topic: 'trip_offers/5', qos: 1 },
          { topic: 'chat/5/+', qos: 0 },
        ]),
      )[0],
    ).toMatchObject({
      cmd: 'subscribe',
      messageId: 1,
      subscriptions: [
        { topic: 'trip_offers/5', qos: 1 },
        { topic: 'chat/5/+', qos: 0 },
      ],
    });
    expect(parseReference(encodeUnsubscribe(65_535, ['a', 'b']))[0]).toMatchObject({
      cmd: 'unsubscribe',
      messageId: 65_535,
      unsubscriptions: ['a', 'b'],
    });
    expect(parseReference(encodePuback(300))[0]).toMatchObject({ cmd: 'puback', messageId: 300 });
    expect(parseReference(encodePingreq())[0]).toMatchObject({ cmd: 'pingreq' });
    expect(parseReference(encodeDisconnect())[0]).toMatchObject({ cmd: 'disconnect' });
  });

  it('refuses packet ids outside 1…65535, empty topic lists and over-long strings', () => {
    expect(() => encodePuback(0)).toThrow(RangeError);
    expect(() => encodeSubscribe(65_536, [{ topic: 't', qos: 0 }])).toThrow(RangeError);
    expect(() => encodeSubscribe(1, [])).toThrow();
    expect(() => encodeUnsubscribe(1, [])).toThrow();
    expect(() =>
      encodePublish({ topic: 'x'.repeat(65_536), payload: new Uint8Array(), qos: 0, retain: false }),
    ).toThrow(RangeError);
  });
});

describe('MQTT packets the broker sends, read by PacketReader', () => {
  const brokerPackets: [Record<string, unknown>, IncomingPacket][] = [
    [
      { cmd: 'connack', returnCode: 0, sessionPresent: false },
      { type: 'connack', returnCode: 0, sessionPresent: false },
    ],
    [
      { cmd: 'connack', returnCode: 5, sessionPresent: false },
      { type: 'connack', returnCode: 5, sessionPresent: false },
    ],
    [
      { cmd: 'suback', messageId: 9, granted: [1, 128] },
      { type: 'suback', packetId: 9, granted: [1, 128] },
    ],
    [
      { cmd: 'unsuback', messageId: 10 },
      { type: 'unsuback', packetId: 10 },
    ],
    [
      { cmd: 'puback', messageId: 11 },
      { type: 'puback', packetId: 11 },
    ],
    [{ cmd: 'pingresp' }, { type: 'pingresp' }],
  ];

  it.each(brokerPackets)('decodes %o', (reference, expected) => {
    expect(new PacketReader().push(generate(reference))).toEqual([expected]);
  });

  it('decodes PUBLISH at QoS 0 and 1 with the payload bytes and packet id', () => {
    const reader = new PacketReader();
    const [qos0, qos1] = reader.push(
      new Uint8Array([
        ...generate({
          cmd: 'publish',
          topic: 'trip_offers/3',
          payload: Buffer.from('{"price":12.5}'),
          qos: 0,
          retain: true,
        }),
        ...generate({ cmd: 'publish', topic: 'chat/3/4', payload: Buffer.from('{"m":"ñ"}'), qos: 1, messageId: 77 }),
      ]),
    );
    expect(qos0).toMatchObject({ type: 'publish', topic: 'trip_offers/3', qos: 0, packetId: null, retain: true });
    expect(text((qos0 as { payload: Uint8Array }).payload)).toBe('{"price":12.5}');
    expect(qos1).toMatchObject({ type: 'publish', topic: 'chat/3/4', qos: 1, packetId: 77, retain: false });
    expect(text((qos1 as { payload: Uint8Array }).payload)).toBe('{"m":"ñ"}');
  });

  it('waits for whole packets: fed one byte at a time, a 20 KB PUBLISH and a CONNACK come out once, in order', () => {
    const big = 'x'.repeat(20_000);
    const bytes = new Uint8Array([
      ...generate({ cmd: 'connack', returnCode: 0, sessionPresent: false }),
      ...generate({ cmd: 'publish', topic: 'notifications/1', payload: Buffer.from(big), qos: 1, messageId: 2 }),
    ]);
    const reader = new PacketReader();
    const seen: IncomingPacket[] = [];
    for (const byte of bytes) seen.push(...reader.push(Uint8Array.of(byte)));
    expect(seen.map((packet) => packet.type)).toEqual(['connack', 'publish']);
    expect(text((seen[1] as { payload: Uint8Array }).payload)).toBe(big);
  });

  it('fails on what a 3.1.1 broker never sends the app: QoS 2, unknown types, a 5-byte length, a short body', () => {
    expect(() =>
      new PacketReader().push(
        generate({ cmd: 'publish', topic: 't', payload: Buffer.from('x'), qos: 2, messageId: 1 }),
      ),
    ).toThrow(MqttProtocolError);
    expect(() => new PacketReader().push(generate({ cmd: 'pubrel', messageId: 1 }))).toThrow(MqttProtocolError);
    expect(() => new PacketReader().push(Uint8Array.of(0x30, 0xff, 0xff, 0xff, 0xff, 0x01))).toThrow(
      /remaining length/,
    );
    expect(() => new PacketReader().push(Uint8Array.of(0x20, 0x01, 0x00))).toThrow(/too short/);
    expect(() => new PacketReader().push(Uint8Array.of(0x30, 0x04, 0x00, 0x02, 0xff, 0xfe))).toThrow(/UTF-8/);
  });
});
