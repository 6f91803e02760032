import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { ModuleDeps } from '../module-deps';
import { geoRoutes } from './geo.routes';

/** /geo/search, /geo/reverse and /geo/route over the configured provider. */
export const geoModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { geo }) => {
  await app.register(geoRoutes, { geo });
};
