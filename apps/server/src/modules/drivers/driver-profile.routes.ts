import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zDriverProfile, zEnvelope, zUpdateDriverProfileRequest } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentDriverId, requireDriver } from './driver-access';
import type { DriverProfileService } from './driver-profile.service';
import { signedInRoutes } from '../../plugins/signed-in-routes';

export const driverProfileRoutes: FastifyPluginAsyncZod<{ profiles: DriverProfileService }> = async (app, { profiles }) => {
  const { guard, secured, answers } = signedInRoutes(app, 'driver', requireDriver);

  app.get('/driver/profile', answers("The driver's licence data, emergency contact and search radius (data null before registering it)", zDriverProfile.nullable()), async (request) => {
    const profile = await profiles.getProfile(currentDriverId(request));
    return ok(profile, profile ? 'OK' : 'Aún no registras tu perfil de conductor.');
  });

  app.post('/driver/profile/update', {
    ...guard,
    schema: {
      ...secured,
      summary: 'Create (license_number required) or update the driver profile',
      body: zUpdateDriverProfileRequest,
      response: { 200: zEnvelope(zDriverProfile), 201: zEnvelope(zDriverProfile) },
    },
  }, async (request, reply) => {
    const { profile, created } = await profiles.saveProfile(currentDriverId(request), request.body);
    if (created) return reply.status(201).send(ok(profile, 'Perfil de conductor registrado. Espera la verificación de tus documentos.'));
    return ok(profile, 'Perfil actualizado correctamente.');
  });
};
