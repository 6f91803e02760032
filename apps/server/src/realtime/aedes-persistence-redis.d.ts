// aedes-persistence-redis ships no types; this is the part realtime/persistence.ts uses.
declare module 'aedes-persistence-redis/asyncPersistence.js' {
  import type { Redis } from 'ioredis';

  export default class AsyncRedisPersistence {
    constructor(options: { conn: Redis; packetTTL?: (packet: unknown) => number; maxSessionDelivery?: number });
    /** The retained messages matching the patterns (an async iterable, not a stream). */
    createRetainedStreamCombi(patterns: string[]): AsyncIterable<unknown>;
  }
}
