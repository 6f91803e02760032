/** Answers that belong to no feature: health, and the id of something deleted. */
import { z } from 'zod';

/** GET /health: ready when the database and the broker are. */
export const zHealth = z.object({
  /**
   * 'unavailable' (the database is down) and 'draining' (shutting down) answer 503; 'degraded' (Redis is
   * down: this node serves with its own per-node limits until it returns) answers 200.
   */
  status: z.enum(['ok', 'degraded', 'unavailable', 'draining']),
  /** NODE_ID, also sent as the X-Jala-Node header. */
  node: z.string(),
  database: z.enum(['pglite', 'postgres']),
  database_status: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down', 'not_configured']),
  broker: z.enum(['ok', 'draining']),
  mqtt_clients: z.number().int(),
  geo: z.enum(['offline', 'osm', 'google']),
  /** Map tile URL template the web map uses. */
  tile_url: z.string(),
});
export type Health = z.infer<typeof zHealth>;

/** DELETE answers: the id that is gone. */
export const zDeleted = z.object({ id: z.number().int() });
export type Deleted = z.infer<typeof zDeleted>;
