import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zAddVehicleRequest, zEnvelope, zIdParam, zUpdateVehicleRequest, zVehicle } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentDriverId, requireDriver } from './driver-access';
import type { VehiclesService } from './vehicles.service';

export const vehiclesRoutes: FastifyPluginAsyncZod<{ vehicles: VehiclesService }> = async (app, { vehicles }) => {
  const guard = { preHandler: [app.requireUser, requireDriver] };

  app.get('/driver/vehicles', {
    ...guard,
    schema: { tags: ['driver'], summary: "The driver's vehicles, oldest first", security: [{ bearer: [] }], response: { 200: zEnvelope(z.array(zVehicle)) } },
  }, async (request) => ok(await vehicles.listVehicles(currentDriverId(request))));

  app.post('/driver/vehicles/add', {
    ...guard,
    schema: {
      tags: ['driver'],
      summary: 'Register a vehicle (plates are unique across drivers)',
      security: [{ bearer: [] }],
      body: zAddVehicleRequest,
      response: { 201: zEnvelope(zVehicle) },
    },
  }, async (request, reply) => reply.status(201).send(ok(await vehicles.addVehicle(currentDriverId(request), request.body), 'Vehículo agregado correctamente.')));

  app.put('/driver/vehicles/:id', {
    ...guard,
    schema: {
      tags: ['driver'],
      summary: "Change a vehicle's colour and/or status (404 for another driver's vehicle)",
      security: [{ bearer: [] }],
      params: zIdParam,
      body: zUpdateVehicleRequest,
      response: { 200: zEnvelope(zVehicle) },
    },
  }, async (request) => ok(await vehicles.updateVehicle(currentDriverId(request), request.params.id, request.body), 'Vehículo actualizado correctamente.'));
};
