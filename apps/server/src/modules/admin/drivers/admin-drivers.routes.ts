import { topics, type VerificationNotification } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { RealtimeBroker } from '../../../realtime/broker';
import { operatorActor } from '../operator-actor';
import { requireAdmin } from '../require-admin';
import type { DriverReviewService } from './driver-review.service';
import type { DriverVerificationService } from './driver-verification.service';

interface Services {
  verification: DriverVerificationService;
  review: DriverReviewService;
  broker: Pick<RealtimeBroker, 'publish'>;
  /** The driver's request feed, status and stats reload (before they are told: they refetch on the message). */
  touchAccount: (driverId: number) => Promise<void>;
}

/** Operators' endpoints (users.is_admin): the verification queue with documents, approve and reject. */
export const adminDriversRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { verification, review, broker, touchAccount },
) => {
  const { route } = signedInRoutes(app, requireAdmin);
  /** Tells the driver's open app at once (it refetches its documents and profile); a lost message only delays that. */
  const tellDriver = async (driverId: number, status: VerificationNotification['verification_status']) => {
    const message: VerificationNotification = { type: 'verification_changed', verification_status: status };
    await broker
      .publish(topics.notifications(driverId), message)
      .catch((error: unknown) => app.log.warn({ err: error, driverId }, 'verification notification failed'));
  };

  app.route({
    ...route(endpoints.adminDrivers),
    handler: async (request) => ok(await verification.listDrivers(request.query.verification_status)),
  });

  app.route({ ...route(endpoints.verificationQueue), handler: async () => ok(await review.queue()) });

  app.route({
    ...route(endpoints.adminDriverDocumentFile),
    handler: async (request) => ok(await review.file(request.params.id, request.params.documentId)),
  });

  app.route({
    ...route(endpoints.verifyDriver),
    handler: async (request) => {
      const result = await review.approve(request.params.id, operatorActor(request));
      await touchAccount(request.params.id);
      if (!result.was_already_verified) await tellDriver(request.params.id, 'verified');
      return ok(
        result,
        result.was_already_verified ? 'El conductor ya estaba verificado.' : 'Conductor verificado correctamente.',
      );
    },
  });

  app.route({
    ...route(endpoints.rejectDriver),
    handler: async (request) => {
      const result = await review.reject(request.params.id, request.body.reason, operatorActor(request));
      await touchAccount(request.params.id);
      await tellDriver(request.params.id, 'rejected');
      return ok(result, 'Documentos rechazados. El conductor verá el motivo.');
    },
  });
};
