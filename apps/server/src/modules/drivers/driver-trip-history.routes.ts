import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zDriverTripHistoryPage, zDriverTripHistoryQuery } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { signedInRoutes } from '../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from './driver-access';
import type { DriverTripHistoryService } from './driver-trip-history.service';

/** GET /driver/trip-history: 'Mis viajes', the driver's own finished trips (a read: no write budget). */
export const driverTripHistoryRoutes: FastifyPluginAsyncZod<{ history: DriverTripHistoryService }> = async (app, { history }) => {
  const { answers } = signedInRoutes(app, 'driver', requireDriver);

  app.get('/driver/trip-history', answers('My finished trips as their driver, latest first, filtered by status and Lima days, paginated by the server', zDriverTripHistoryPage, { querystring: zDriverTripHistoryQuery }),
    async (request) => ok(await history.getTripHistory(currentDriverId(request), request.query)));
};
