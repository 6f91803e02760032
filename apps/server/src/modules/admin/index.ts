import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DriverVerificationService } from '../drivers/driver-verification.service';
import type { ModuleDeps } from '../module-deps';
import { adminDriversRoutes } from './admin-drivers.routes';

/** Operators' routes (users.is_admin): drivers waiting for verification, and verifying them. */
export const adminModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  await app.register(adminDriversRoutes, { verification: new DriverVerificationService(db) });
};
