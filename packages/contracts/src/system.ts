/** Answers that belong to no feature: health, and the id of something deleted. */
import { z } from 'zod';

/** GET /health: ready when the database and the broker are. */
export const zHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  broker: z.literal('aedes'),
  geo: z.enum(['offline', 'osm', 'google']),
  /** Map tile URL template the web map uses. */
  tile_url: z.string(),
});
export type Health = z.infer<typeof zHealth>;

/** DELETE answers: the id that is gone. */
export const zDeleted = z.object({ id: z.number().int() });
export type Deleted = z.infer<typeof zDeleted>;
