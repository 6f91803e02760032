import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  topics, zAdminDriver, zAdminDriversQuery, zDocumentFile, zDriverDocumentParams, zDriverReview, zDriverVerification, zIdParam,
  zQueuedDriver, zRejectDriverRequest, type VerificationNotification,
} from '@jala/contracts';
import { ok } from '../../lib/envelope';
import type { RealtimeBroker } from '../../realtime/broker';
import type { DriverVerificationService } from '../drivers/driver-verification.service';
import type { DriverReviewService } from './driver-review.service';
import { operatorActor } from './operator-actor';
import { requireAdmin } from './require-admin';
import { signedInRoutes } from '../../plugins/signed-in-routes';

interface Services {
  verification: DriverVerificationService;
  review: DriverReviewService;
  broker: Pick<RealtimeBroker, 'publish'>;
  /** The driver's request feed, status and stats reload (before they are told: they refetch on the message). */
  touchAccount: (driverId: number) => Promise<void>;
}

/** Operators' endpoints (users.is_admin): the verification queue with documents, approve and reject. */
export const adminDriversRoutes: FastifyPluginAsyncZod<Services> = async (app, { verification, review, broker, touchAccount }) => {
  const { answers } = signedInRoutes(app, 'admin', requireAdmin);
  /** Tells the driver's open app at once (it refetches its documents and profile); a lost message only delays that. */
  const tellDriver = async (driverId: number, status: VerificationNotification['verification_status']) => {
    const message: VerificationNotification = { type: 'verification_changed', verification_status: status };
    await broker.publish(topics.notifications(driverId), message).catch((error: unknown) => app.log.warn({ err: error, driverId }, 'verification notification failed'));
  };

  app.get('/admin/drivers', answers('Drivers, newest first, optionally by verification status (at most 200)', z.array(zAdminDriver), { querystring: zAdminDriversQuery }),
    async (request) => ok(await verification.listDrivers(request.query.verification_status)));

  app.get('/admin/verification-queue', answers('Drivers who sent documents and wait for review, oldest first, with their documents', z.array(zQueuedDriver)),
    async () => ok(await review.queue()));

  app.get('/admin/drivers/:id/documents/:documentId/file', answers("One of a driver's document photos (base64)", zDocumentFile, { params: zDriverDocumentParams }),
    async (request) => ok(await review.file(request.params.id, request.params.documentId)));

  app.post('/admin/drivers/:id/verify', answers("Approve a driver's documents (idempotent); the driver may then receive requests and send offers", zDriverVerification, { params: zIdParam }), async (request) => {
    const result = await review.approve(request.params.id, operatorActor(request));
    await touchAccount(request.params.id);
    if (!result.was_already_verified) await tellDriver(request.params.id, 'verified');
    return ok(result, result.was_already_verified ? 'El conductor ya estaba verificado.' : 'Conductor verificado correctamente.');
  });

  app.post('/admin/drivers/:id/reject', answers("Reject a driver's documents with a reason the driver reads; they answer by uploading again", zDriverReview, { params: zIdParam, body: zRejectDriverRequest }), async (request) => {
    const result = await review.reject(request.params.id, request.body.reason, operatorActor(request));
    await touchAccount(request.params.id);
    await tellDriver(request.params.id, 'rejected');
    return ok(result, 'Documentos rechazados. El conductor verá el motivo.');
  });
};
