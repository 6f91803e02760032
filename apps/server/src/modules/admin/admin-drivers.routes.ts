import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zAdminDriver, zAdminDriversQuery, zDriverVerification, zEnvelope, zIdParam } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import type { DriverVerificationService } from '../drivers/driver-verification.service';
import { requireAdmin } from './require-admin';

/** Operators' endpoints (users.is_admin): find drivers waiting for verification and verify them. */
export const adminDriversRoutes: FastifyPluginAsyncZod<{ verification: DriverVerificationService }> = async (app, { verification }) => {
  const guard = { preHandler: [app.requireUser, requireAdmin] };

  app.get('/admin/drivers', {
    ...guard,
    schema: {
      tags: ['admin'],
      summary: 'Drivers, newest first, optionally by verification status (at most 200)',
      security: [{ bearer: [] }],
      querystring: zAdminDriversQuery,
      response: { 200: zEnvelope(z.array(zAdminDriver)) },
    },
  }, async (request) => ok(await verification.listDrivers(request.query.verification_status)));

  app.post('/admin/drivers/:id/verify', {
    ...guard,
    schema: {
      tags: ['admin'],
      summary: "Mark a driver's documents verified (idempotent); the driver may then receive requests and send offers",
      security: [{ bearer: [] }],
      params: zIdParam,
      response: { 200: zEnvelope(zDriverVerification) },
    },
  }, async (request) => {
    const result = await verification.verifyById(request.params.id);
    return ok(result, result.was_already_verified ? 'El conductor ya estaba verificado.' : 'Conductor verificado correctamente.');
  });
};
