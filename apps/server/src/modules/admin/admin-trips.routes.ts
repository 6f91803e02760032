import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zAdminAlertsQuery, zAdminTrip, zAdminTripStory, zAdminTripsQuery, zEnvelope, zIdParam, zLiveCity, zOperatorCancelRequest,
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
  const { guard, secured } = signedInRoutes(app, 'admin', requireAdmin);

  app.get('/admin/trips', {
    ...guard,
    schema: { ...secured, summary: 'Trips, newest first (100), by status, active only, or text', querystring: zAdminTripsQuery, response: { 200: zEnvelope(z.array(zAdminTrip)) } },
  }, async (request) => ok(await trips.list(request.query)));

  app.get('/admin/trips/:id', {
    ...guard,
    schema: { ...secured, summary: "One trip's story: status log, offers, chat, positions", params: zIdParam, response: { 200: zEnvelope(zAdminTripStory) } },
  }, async (request) => ok(await trips.story(request.params.id)));

  app.post('/admin/trips/:id/cancel', {
    ...guard,
    schema: { ...secured, summary: 'Cancel an abusive or stuck trip; passenger and driver are told', params: zIdParam, body: zOperatorCancelRequest, response: { 200: zEnvelope(zAdminTripStory) } },
  }, async (request) => {
    const { after } = await passengerTrips.cancelAsOperator(request.params.id, request.body.reason, (tx, before, cancelled) =>
      audit.record(operatorActor(request), {
        action: 'trip.cancel', targetType: 'trip', targetId: cancelled.id,
        before: { status: before.status }, after: { status: cancelled.status, cancel_reason: cancelled.cancelReason },
      }, tx));
    return ok(await trips.story(after.id), 'Viaje cancelado. Se avisó al pasajero y al conductor.');
  });

  app.get('/admin/live', {
    ...guard,
    schema: { ...secured, summary: 'Snapshot of the live map: online drivers and active trips (updates come over MQTT)', response: { 200: zEnvelope(zLiveCity) } },
  }, async () => ok(await trips.liveCity()));

  app.get('/admin/alerts', {
    ...guard,
    schema: { ...secured, summary: 'SOS alerts: open ones oldest first (default), or resolved ones', querystring: zAdminAlertsQuery, response: { 200: zEnvelope(z.array(zSafetyAlert)) } },
  }, async (request) => ok(await alerts.list(request.query.state)));

  app.post('/admin/alerts/:id/resolve', {
    ...guard,
    schema: { ...secured, summary: 'Resolve an SOS alert with a note', params: zIdParam, body: zResolveAlertRequest, response: { 200: zEnvelope(z.null()) } },
  }, async (request) => {
    await alerts.resolve(request.params.id, request.body.note, operatorActor(request));
    return ok(null, 'Alerta resuelta.');
  });
};
