import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from '../driver-access';
import type { VehiclesService } from './vehicles.service';

export const vehiclesRoutes: FastifyPluginAsyncZod<{ vehicles: VehiclesService }> = async (app, { vehicles }) => {
  const { route } = signedInRoutes(app, requireDriver);

  app.route({
    ...route(endpoints.driverVehicles),
    handler: async (request) => ok(await vehicles.listVehicles(currentDriverId(request))),
  });

  app.route({
    ...route(endpoints.addVehicle),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await vehicles.addVehicle(currentDriverId(request), request.body), 'Vehículo agregado correctamente.'),
        ),
  });

  app.route({
    ...route(endpoints.updateVehicle),
    handler: async (request) =>
      ok(
        await vehicles.updateVehicle(currentDriverId(request), request.params.id, request.body),
        'Vehículo actualizado correctamente.',
      ),
  });
};
