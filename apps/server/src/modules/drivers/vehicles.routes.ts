import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zAddVehicleRequest, zEnvelope, zIdParam, zUpdateVehicleRequest, zVehicle } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentDriverId, requireDriver } from './driver-access';
import type { VehiclesService } from './vehicles.service';
import { signedInRoutes } from '../../plugins/signed-in-routes';

export const vehiclesRoutes: FastifyPluginAsyncZod<{ vehicles: VehiclesService }> = async (app, { vehicles }) => {
  const { guard, secured } = signedInRoutes(app, 'driver', requireDriver);

  app.get('/driver/vehicles', {
    ...guard,
    schema: { ...secured, summary: "The driver's vehicles, oldest first", response: { 200: zEnvelope(z.array(zVehicle)) } },
  }, async (request) => ok(await vehicles.listVehicles(currentDriverId(request))));

  app.post('/driver/vehicles/add', {
    ...guard,
    schema: {
      ...secured,
      summary: 'Register a vehicle (plates are unique across drivers)',
      body: zAddVehicleRequest,
      response: { 201: zEnvelope(zVehicle) },
    },
  }, async (request, reply) => reply.status(201).send(ok(await vehicles.addVehicle(currentDriverId(request), request.body), 'Vehículo agregado correctamente.')));

  app.put('/driver/vehicles/:id', {
    ...guard,
    schema: {
      ...secured,
      summary: "Change a vehicle's colour and/or status (404 for another driver's vehicle)",
      params: zIdParam,
      body: zUpdateVehicleRequest,
      response: { 200: zEnvelope(zVehicle) },
    },
  }, async (request) => ok(await vehicles.updateVehicle(currentDriverId(request), request.params.id, request.body), 'Vehículo actualizado correctamente.'));
};
