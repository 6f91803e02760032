import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zAdminAlertsQuery, zAdminChatPage, zAdminChatQuery, zAdminTrip, zAdminTripStory, zAdminTripsQuery, zIdParam, zLiveCity, zOperatorCancelRequest,
  zResolveAlertRequest, zSafetyAlert,
} from '@jala/contracts';
import { ok } from '../../lib/envelope';
import type { PassengerTripsService } from '../trips/passenger-trips.service';
import type { AlertsAdminService } from './alerts-admin.service';
import type { AuditLog } from './audit-log';
import { operatorActor } from './operator-actor';
import { requireAdmin } from './require-admin';
import type { TripsAdminService } from './trips-admin.service';
import { signedInRoutes } from '../../plugins/signed-in-routes';

interface Services { trips: TripsAdminService; alerts: AlertsAdminService; passengerTrips: PassengerTripsService; audit: AuditLog }

/** The city seen by an operator: trips, one trip's story, the live map, cancelling a trip, SOS alerts. */
export const adminTripsRoutes: FastifyPluginAsyncZod<Services> = async (app, { trips, alerts, passengerTrips, audit }) => {
  const { answers } = signedInRoutes(app, 'admin', requireAdmin);

  app.get('/admin/trips', answers('Trips, newest first (100), by status, active only, or text', z.array(zAdminTrip), { querystring: zAdminTripsQuery }),
    async (request) => ok(await trips.list(request.query)));

  app.get('/admin/trips/:id', answers("One trip's story: status log, offers, chat, positions", zAdminTripStory, { params: zIdParam }),
    async (request) => ok(await trips.story(request.params.id)));

  app.get('/admin/trips/:id/chat', answers("A page of one trip's chat, oldest to newest: the newest (200), or the page before the cursor `before`", zAdminChatPage, { params: zIdParam, querystring: zAdminChatQuery }),
    async (request) => ok(await trips.chatPage(request.params.id, request.query)));

  app.post('/admin/trips/:id/cancel', answers('Cancel an abusive or stuck trip; passenger and driver are told', zAdminTripStory, { params: zIdParam, body: zOperatorCancelRequest }), async (request) => {
    const { after } = await passengerTrips.cancelAsOperator(request.params.id, request.body.reason, (tx, before, cancelled) =>
      audit.record(operatorActor(request), {
        action: 'trip.cancel', targetType: 'trip', targetId: cancelled.id,
        before: { status: before.status }, after: { status: cancelled.status, cancel_reason: cancelled.cancelReason },
      }, tx));
    return ok(await trips.story(after.id), 'Viaje cancelado. Se avisó al pasajero y al conductor.');
  });

  app.get('/admin/live', answers('Snapshot of the live map: online drivers and active trips (updates come over MQTT)', zLiveCity),
    async () => ok(await trips.liveCity()));

  app.get('/admin/alerts', answers('SOS alerts: open ones oldest first (default), or resolved ones', z.array(zSafetyAlert), { querystring: zAdminAlertsQuery }),
    async (request) => ok(await alerts.list(request.query.state)));

  app.post('/admin/alerts/:id/resolve', answers('Resolve an SOS alert with a note', z.null(), { params: zIdParam, body: zResolveAlertRequest }), async (request) => {
    await alerts.resolve(request.params.id, request.body.note, operatorActor(request));
    return ok(null, 'Alerta resuelta.');
  });
};
