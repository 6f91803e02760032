import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { TripRequestsService } from '../../trips';
import type { AuditLog } from '../audit-log';
import { operatorActor } from '../operator-actor';
import { requireAdmin } from '../require-admin';
import type { AlertsAdminService } from './alerts-admin.service';
import type { TripsAdminService } from './trips-admin.service';

interface Services {
  trips: TripsAdminService;
  alerts: AlertsAdminService;
  passengerTrips: TripRequestsService;
  audit: AuditLog;
}

/** The city seen by an operator: trips, one trip's story, the live map, cancelling a trip, SOS alerts. */
export const adminTripsRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { trips, alerts, passengerTrips, audit },
) => {
  const { route } = signedInRoutes(app, requireAdmin);

  app.route({ ...route(endpoints.adminTrips), handler: async (request) => ok(await trips.list(request.query)) });

  app.route({
    ...route(endpoints.adminTripStory),
    handler: async (request) => ok(await trips.story(request.params.id)),
  });

  app.route({
    ...route(endpoints.adminTripChat),
    handler: async (request) => ok(await trips.chatPage(request.params.id, request.query)),
  });

  app.route({
    ...route(endpoints.cancelTripAsOperator),
    handler: async (request) => {
      const { after } = await passengerTrips.cancelAsOperator(
        request.params.id,
        request.body.reason,
        (tx, before, cancelled) =>
          audit.record(
            operatorActor(request),
            {
              action: 'trip.cancel',
              targetType: 'trip',
              targetId: cancelled.id,
              before: { status: before.status },
              after: { status: cancelled.status, cancel_reason: cancelled.cancelReason },
            },
            tx,
          ),
      );
      return ok(await trips.story(after.id), 'Viaje cancelado. Se avisó al pasajero y al conductor.');
    },
  });

  app.route({ ...route(endpoints.liveCity), handler: async () => ok(await trips.liveCity()) });

  app.route({
    ...route(endpoints.safetyAlerts),
    handler: async (request) => ok(await alerts.list(request.query.state)),
  });

  app.route({
    ...route(endpoints.resolveAlert),
    handler: async (request) => {
      await alerts.resolve(request.params.id, request.body.note, operatorActor(request));
      return ok(null, 'Alerta resuelta.');
    },
  });
};
