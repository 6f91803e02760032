import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope, zHealth } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import type { ModuleDeps } from '../module-deps';

/** GET /health: load balancers and the web map (tile_url) read it. */
export const systemModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, databaseKind, config }) => {
  app.get('/health', {
    schema: { tags: ['system'], summary: 'Ready when the database and broker are', response: { 200: zEnvelope(zHealth) } },
  }, async () => {
    await db.execute('select 1');
    return ok({ status: 'ok' as const, database: databaseKind, broker: 'aedes' as const, geo: config.geo.provider, tile_url: config.tileUrl });
  });
};
