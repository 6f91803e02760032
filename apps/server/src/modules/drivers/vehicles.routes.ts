import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zAddVehicleRequest, zIdParam, zUpdateVehicleRequest, zVehicle } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentDriverId, requireDriver } from './driver-access';
import type { VehiclesService } from './vehicles.service';
import { signedInRoutes } from '../../plugins/signed-in-routes';

export const vehiclesRoutes: FastifyPluginAsyncZod<{ vehicles: VehiclesService }> = async (app, { vehicles }) => {
  const { answers, creates } = signedInRoutes(app, 'driver', requireDriver);

  app.get('/driver/vehicles', answers("The driver's vehicles, oldest first", z.array(zVehicle)),
    async (request) => ok(await vehicles.listVehicles(currentDriverId(request))));

  app.post('/driver/vehicles/add', creates('Register a vehicle (plates are unique across drivers)', zVehicle, { body: zAddVehicleRequest }),
    async (request, reply) => reply.status(201).send(ok(await vehicles.addVehicle(currentDriverId(request), request.body), 'Vehículo agregado correctamente.')));

  app.put('/driver/vehicles/:id', answers("Change a vehicle's colour and/or status (404 for another driver's vehicle)", zVehicle, { params: zIdParam, body: zUpdateVehicleRequest }),
    async (request) => ok(await vehicles.updateVehicle(currentDriverId(request), request.params.id, request.body), 'Vehículo actualizado correctamente.'));
};
