/** The driver's side of a trip: the request feed, offers, stages, the fare, bookings, payments after the ride. */
import { z } from 'zod';

import {
  zBookingCancellation,
  zCompleteTripRequest,
  zDriverBooking,
  zDriverOffer,
  zDriverTrip,
  zDriverTripRequest,
  zFareAdjustment,
  zIdParam,
  zOptionalPositionQuery,
  zPaymentState,
  zPendingPayment,
  zProposeFareAdjustmentRequest,
  zRejectRequest,
  zSendOfferRequest,
  zTripCompletion,
  zTripStageChange,
  zTripStageRequest,
} from '../index';
import { endpoint } from './endpoint';

export const tripRequests = endpoint({
  method: 'GET',
  path: '/driver/trip-requests',
  tag: 'driver',
  summary: 'Pending requests near me',
  polled: true,
  query: zOptionalPositionQuery,
  answer: z.array(zDriverTripRequest),
  status: 200,
});

/** The driver offers to take a request (the passenger then accepts with `acceptOffer`). */
export const sendOffer = endpoint({
  method: 'POST',
  path: '/driver/trips/accept',
  tag: 'driver',
  summary: 'Offer to take a request',
  body: zSendOfferRequest,
  answer: zDriverOffer,
  status: 201,
});

export const rejectRequest = endpoint({
  method: 'POST',
  path: '/driver/trip-requests/reject',
  tag: 'driver',
  summary: 'Hide a request',
  body: zRejectRequest,
  answer: z.null(),
  status: 200,
});

/** `data: null` with 'No hay viaje activo' when there is none: a state every screen asks about, not an error. */
export const currentDriverTrip = endpoint({
  method: 'GET',
  path: '/driver/trips/current',
  tag: 'driver',
  summary: "The driver's current trip",
  polled: true,
  answer: zDriverTrip.nullable(),
  status: 200,
});

export const advanceStage = endpoint({
  method: 'PUT',
  path: '/driver/trips/:id/status',
  tag: 'driver',
  summary: 'Move my trip to its next stage',
  params: zIdParam,
  body: zTripStageRequest,
  answer: zTripStageChange,
  status: 200,
});

export const completeTrip = endpoint({
  method: 'POST',
  path: '/driver/trips/complete',
  tag: 'driver',
  summary: 'Finish my trip',
  body: zCompleteTripRequest,
  answer: zTripCompletion,
  status: 200,
});

export const proposeFareAdjustment = endpoint({
  method: 'POST',
  path: '/driver/trips/:id/fare-adjustments',
  tag: 'driver',
  summary: 'Ask the passenger to change the agreed price',
  params: zIdParam,
  body: zProposeFareAdjustmentRequest,
  answer: zFareAdjustment,
  status: 201,
});

export const driverBookings = endpoint({
  method: 'GET',
  path: '/driver/scheduled-trips',
  tag: 'driver',
  summary: 'Scheduled rides near my usual area, and those I confirmed',
  answer: z.array(zDriverBooking),
  status: 200,
});

export const releaseBooking = endpoint({
  method: 'POST',
  path: '/driver/scheduled-trips/:id/cancel',
  tag: 'driver',
  summary: 'Give back a scheduled ride I confirmed (it is offered to other drivers again)',
  params: zIdParam,
  answer: zBookingCancellation,
  status: 200,
});

export const pendingPayments = endpoint({
  method: 'GET',
  path: '/driver/pending-payments',
  tag: 'driver',
  summary: "'Ya pagué' claims waiting for my answer, oldest first",
  answer: z.array(zPendingPayment),
  status: 200,
});

export const confirmPaymentReceived = endpoint({
  method: 'POST',
  path: '/driver/trips/:id/payment/received',
  tag: 'driver',
  summary: "'Pago recibido': the driver confirms the Yape/Plin payment",
  params: zIdParam,
  answer: zPaymentState,
  status: 200,
});

export const reportPaymentNotReceived = endpoint({
  method: 'POST',
  path: '/driver/trips/:id/payment/not-received',
  tag: 'driver',
  summary: "'No recibí el pago': opens a case for the operators",
  params: zIdParam,
  answer: zPaymentState,
  status: 200,
});
