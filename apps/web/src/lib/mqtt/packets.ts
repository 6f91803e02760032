/**
 * The MQTT 3.1.1 packets the web app exchanges with the broker (OASIS MQTT 3.1.1, section 2–3), encoded to
 * and decoded from bytes. Only what a browser client of Jala needs: CONNECT, SUBSCRIBE, UNSUBSCRIBE, PUBLISH
 * at QoS 0/1, PUBACK, PINGREQ and DISCONNECT out; CONNACK, SUBACK, UNSUBACK, PUBLISH at QoS 0/1, PUBACK and
 * PINGRESP in. The app subscribes at QoS ≤ 1, so a conforming broker never sends QoS 2 flows.
 */

const TYPE = {
  connect: 1,
  connack: 2,
  publish: 3,
  puback: 4,
  subscribe: 8,
  suback: 9,
  unsubscribe: 10,
  unsuback: 11,
  pingreq: 12,
  pingresp: 13,
  disconnect: 14,
} as const;

/** The largest remaining length the 4-byte variable-length encoding can carry (section 2.2.3). */
const MAX_REMAINING_LENGTH = 268_435_455;
/** SUBACK's "failure" return code (section 3.9.3). */
export const SUBACK_FAILURE = 0x80;

export type QoS = 0 | 1;
/** Bytes on a plain ArrayBuffer, as WebSocket.send() takes them. */
export type Bytes = Uint8Array<ArrayBuffer>;

export type IncomingPacket =
  | { type: 'connack'; sessionPresent: boolean; returnCode: number }
  | { type: 'publish'; topic: string; payload: Uint8Array; qos: QoS; packetId: number | null; retain: boolean }
  | { type: 'puback'; packetId: number }
  | { type: 'suback'; packetId: number; granted: number[] }
  | { type: 'unsuback'; packetId: number }
  | { type: 'pingresp' };

/** Bytes that are not a valid MQTT 3.1.1 packet from a broker; the connection cannot go on. */
export class MqttProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MqttProtocolError';
  }
}

/** CONNACK return codes 1–5 (section 3.2.2.3), as mqtt.js words them. */
export const CONNACK_REFUSALS: Readonly<Record<number, string>> = {
  1: 'Unacceptable protocol version',
  2: 'Identifier rejected',
  3: 'Server unavailable',
  4: 'Bad username or password',
  5: 'Not authorized',
};

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A UTF-8 string with its two-byte length prefix (section 1.5.3). */
function mqttString(text: string): Bytes {
  const bytes = encoder.encode(text);
  if (bytes.length > 0xffff) throw new RangeError('MQTT string longer than 65535 bytes');
  return concat([u16(bytes.length), bytes]);
}

function u16(value: number): Bytes {
  return Uint8Array.of(value >> 8, value & 0xff);
}

function concat(parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function remainingLength(length: number): Bytes {
  if (length > MAX_REMAINING_LENGTH) throw new RangeError('MQTT packet too large');
  const bytes: number[] = [];
  let rest = length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Uint8Array.from(bytes);
}

/** Fixed header (type, flags, remaining length) followed by the body. */
function packet(type: number, flags: number, body: Uint8Array[]): Bytes {
  const content = concat(body);
  return concat([Uint8Array.of((type << 4) | flags), remainingLength(content.length), content]);
}

function checkPacketId(packetId: number): void {
  if (!Number.isInteger(packetId) || packetId < 1 || packetId > 0xffff)
    throw new RangeError(`invalid packet id ${packetId}`);
}

export interface ConnectFields {
  clientId: string;
  username?: string;
  password?: string;
  clean: boolean;
  keepaliveSeconds: number;
}

export function encodeConnect({ clientId, username, password, clean, keepaliveSeconds }: ConnectFields): Bytes {
  // Section 3.1.2.3: a password needs a username.
  if (password !== undefined && username === undefined)
    throw new Error('MQTT 3.1.1 needs a username to send a password');
  const flags = (username !== undefined ? 0x80 : 0) | (password !== undefined ? 0x40 : 0) | (clean ? 0x02 : 0);
  return packet(TYPE.connect, 0, [
    mqttString('MQTT'),
    Uint8Array.of(4, flags), // protocol level 4 = 3.1.1
    u16(keepaliveSeconds),
    mqttString(clientId),
    ...(username !== undefined ? [mqttString(username)] : []),
    ...(password !== undefined ? [mqttString(password)] : []),
  ]);
}

export interface PublishFields {
  topic: string;
  payload: Uint8Array;
  qos: QoS;
  retain: boolean;
  /** Required at QoS 1, absent at QoS 0. */
  packetId?: number;
  /** A QoS 1 PUBLISH sent again (section 3.3.1.1); never set at QoS 0. */
  dup?: boolean;
}

export function encodePublish({ topic, payload, qos, retain, packetId, dup = false }: PublishFields): Bytes {
  if (qos === 1) {
    if (packetId === undefined) throw new Error('QoS 1 PUBLISH needs a packet id');
    checkPacketId(packetId);
  } else if (dup) {
    throw new Error('MQTT 3.1.1 sets DUP only on QoS > 0 PUBLISH (section 3.3.1.1)');
  }
  return packet(TYPE.publish, (dup ? 0b1000 : 0) | (qos << 1) | (retain ? 1 : 0), [
    mqttString(topic),
    ...(qos === 1 ? [u16(packetId as number)] : []),
    payload,
  ]);
}

export function encodePuback(packetId: number): Bytes {
  checkPacketId(packetId);
  return packet(TYPE.puback, 0, [u16(packetId)]);
}

export function encodeSubscribe(packetId: number, subscriptions: { topic: string; qos: QoS }[]): Bytes {
  checkPacketId(packetId);
  if (subscriptions.length === 0) throw new Error('SUBSCRIBE needs at least one topic');
  return packet(TYPE.subscribe, 0b0010, [
    u16(packetId),
    ...subscriptions.flatMap(({ topic, qos }) => [mqttString(topic), Uint8Array.of(qos)]),
  ]);
}

export function encodeUnsubscribe(packetId: number, topics: string[]): Bytes {
  checkPacketId(packetId);
  if (topics.length === 0) throw new Error('UNSUBSCRIBE needs at least one topic');
  return packet(TYPE.unsubscribe, 0b0010, [u16(packetId), ...topics.map(mqttString)]);
}

export const encodePingreq = (): Bytes => packet(TYPE.pingreq, 0, []);
export const encodeDisconnect = (): Bytes => packet(TYPE.disconnect, 0, []);

/**
 * Turns the byte stream from the broker into packets. A WebSocket message may carry part of a packet or
 * several packets (MQTT 3.1.1 section 6), so bytes are kept until a whole packet is there.
 */
export class PacketReader {
  private buffer: Uint8Array = new Uint8Array(0);

  /** Adds received bytes; returns the packets they complete, in order. Throws MqttProtocolError. */
  push(chunk: Uint8Array): IncomingPacket[] {
    this.buffer = this.buffer.length === 0 ? chunk.slice() : concat([this.buffer, chunk]);
    const packets: IncomingPacket[] = [];
    for (;;) {
      const header = this.readFixedHeader();
      if (!header) break;
      const { first, bodyStart, length } = header;
      if (this.buffer.length < bodyStart + length) break;
      packets.push(decodeBody(first, this.buffer.subarray(bodyStart, bodyStart + length)));
      this.buffer = this.buffer.slice(bodyStart + length);
    }
    return packets;
  }

  private readFixedHeader(): { first: number; bodyStart: number; length: number } | null {
    if (this.buffer.length < 2) return null;
    let length = 0;
    let multiplier = 1;
    for (let index = 1; index <= 4; index++) {
      if (index >= this.buffer.length) return null;
      const byte = this.buffer[index] as number;
      length += (byte & 0x7f) * multiplier;
      if ((byte & 0x80) === 0) return { first: this.buffer[0] as number, bodyStart: index + 1, length };
      multiplier *= 128;
    }
    throw new MqttProtocolError('malformed remaining length');
  }
}

function decodeBody(first: number, body: Uint8Array): IncomingPacket {
  const type = first >> 4;
  const flags = first & 0x0f;
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const need = (bytes: number): void => {
    if (body.length < bytes) throw new MqttProtocolError(`packet type ${type} too short`);
  };
  switch (type) {
    case TYPE.connack:
      need(2);
      return { type: 'connack', sessionPresent: ((body[0] as number) & 1) === 1, returnCode: body[1] as number };
    case TYPE.publish: {
      const qos = (flags >> 1) & 0b11;
      if (qos > 1) throw new MqttProtocolError(`PUBLISH at QoS ${qos} was never subscribed to`);
      need(2);
      const topicLength = view.getUint16(0);
      need(2 + topicLength + (qos === 1 ? 2 : 0));
      let topic: string;
      try {
        topic = decoder.decode(body.subarray(2, 2 + topicLength));
      } catch {
        throw new MqttProtocolError('PUBLISH topic is not UTF-8');
      }
      const packetId = qos === 1 ? view.getUint16(2 + topicLength) : null;
      const payloadStart = 2 + topicLength + (qos === 1 ? 2 : 0);
      return {
        type: 'publish',
        topic,
        payload: body.slice(payloadStart),
        qos: qos as QoS,
        packetId,
        retain: (flags & 1) === 1,
      };
    }
    case TYPE.puback:
      need(2);
      return { type: 'puback', packetId: view.getUint16(0) };
    case TYPE.suback:
      need(3);
      return { type: 'suback', packetId: view.getUint16(0), granted: [...body.subarray(2)] };
    case TYPE.unsuback:
      need(2);
      return { type: 'unsuback', packetId: view.getUint16(0) };
    case TYPE.pingresp:
      return { type: 'pingresp' };
    default:
      throw new MqttProtocolError(`unexpected packet type ${type} from the broker`);
  }
}
