/** The passenger's side of a trip: requesting it, its offers, the chat, the agreed fare, the receipt, paying. */
import { z } from 'zod';

import {
  zAcceptOfferRequest,
  zAnswerFareAdjustmentRequest,
  zCancelTripRequest,
  zChatMessage,
  zChatPage,
  zChatPageQuery,
  zChatParams,
  zCreatedTrip,
  zCreateTripRequest,
  zDriverOffer,
  zFareAdjustment,
  zFareHint,
  zFareHintQuery,
  zIdParam,
  zOfferAcceptance,
  zPassengerBooking,
  zPassengerTrip,
  zPaymentState,
  zPdfBytes,
  zRaisePriceRequest,
  zReceiptPdfQuery,
  zTripCancellation,
  zTripReceipt,
} from '../index';
import { endpoint } from './endpoint';

export const createTrip = endpoint({
  method: 'POST',
  path: '/trips',
  tag: 'trips',
  summary: 'Request a trip',
  body: zCreateTripRequest,
  answer: zCreatedTrip,
  status: 201,
});

export const publishTrip = endpoint({
  method: 'POST',
  path: '/trips/:id/publish',
  tag: 'trips',
  summary: 'Push a pending trip to nearby drivers',
  params: zIdParam,
  answer: zCreatedTrip,
  status: 200,
});

export const raisePrice = endpoint({
  method: 'POST',
  path: '/trips/:id/raise-price',
  tag: 'trips',
  summary: 'Raise the price of my pending trip and republish it',
  params: zIdParam,
  body: zRaisePriceRequest,
  answer: zCreatedTrip,
  status: 200,
});

export const cancelTrip = endpoint({
  method: 'PUT',
  path: '/trips/:id/cancel',
  tag: 'trips',
  summary: 'Cancel my trip',
  params: zIdParam,
  body: zCancelTripRequest,
  answer: zTripCancellation,
  status: 200,
});

/** `data: null` with 'No hay viaje activo' when there is none: a state every screen asks about, not an error. */
export const activeTrip = endpoint({
  method: 'GET',
  path: '/trips/active',
  tag: 'trips',
  summary: "The passenger's active trip",
  polled: true,
  answer: zPassengerTrip.nullable(),
  status: 200,
});

export const tripOffers = endpoint({
  method: 'GET',
  path: '/trips/:id/driver-offers',
  tag: 'trips',
  summary: 'Offers on my pending trip, cheapest first',
  polled: true,
  params: zIdParam,
  answer: z.array(zDriverOffer),
  status: 200,
});

/** The passenger accepts a driver's offer (the driver's own offer is `sendOffer`, POST /driver/trips/accept). */
export const acceptOffer = endpoint({
  method: 'POST',
  path: '/drivers/trips/accept',
  tag: 'trips',
  summary: "Accept a driver's offer",
  body: zAcceptOfferRequest,
  answer: zOfferAcceptance,
  status: 200,
});

export const chatMessages = endpoint({
  method: 'GET',
  path: '/trips/:id/chat/:driverId/messages',
  tag: 'trips',
  summary:
    'Stored chat between the passenger and one driver: the newest page (200), or the page before the cursor `before`',
  params: zChatParams,
  query: zChatPageQuery,
  answer: zChatPage,
  status: 200,
});

/** The answer app versions before paging read (a bare array); it stays while those are installed. */
export const chatHistory = endpoint({
  method: 'GET',
  path: '/trips/:id/chat/:driverId',
  tag: 'trips',
  deprecated: true,
  summary: 'Newest page of the stored chat as a bare array (use /messages, which pages back)',
  params: zChatParams,
  answer: z.array(zChatMessage),
  status: 200,
});

export const fareHint = endpoint({
  method: 'GET',
  path: '/trips/fare-hint',
  tag: 'trips',
  summary: 'Usual price of a route: quartiles of similar completed trips, or the estimate',
  query: zFareHintQuery,
  answer: zFareHint,
  status: 200,
});

export const scheduledTrips = endpoint({
  method: 'GET',
  path: '/trips/scheduled',
  tag: 'trips',
  summary: 'My upcoming scheduled rides (not yet my active trip)',
  answer: z.array(zPassengerBooking),
  status: 200,
});

export const answerFareAdjustment = endpoint({
  method: 'PUT',
  path: '/trips/:id/fare-adjustment',
  tag: 'trips',
  summary: "Accept or refuse the driver's fare adjustment",
  params: zIdParam,
  body: zAnswerFareAdjustmentRequest,
  answer: zFareAdjustment,
  status: 200,
});

export const tripReceipt = endpoint({
  method: 'GET',
  path: '/trips/:id/receipt',
  tag: 'trips',
  summary: 'Receipt of a completed trip (its passenger or driver)',
  params: zIdParam,
  answer: zTripReceipt,
  status: 200,
});

export const tripReceiptPdf = endpoint({
  method: 'GET',
  path: '/trips/:id/receipt.pdf',
  tag: 'trips',
  summary: 'Receipt of a completed trip as a PDF (its passenger or driver); tax_id: a DNI or RUC to print',
  params: zIdParam,
  query: zReceiptPdfQuery,
  answer: zPdfBytes,
  status: 200,
  file: { mediaType: 'application/pdf', description: 'The receipt' },
});

export const reportPaid = endpoint({
  method: 'POST',
  path: '/trips/:id/payment/paid',
  tag: 'trips',
  summary: "'Ya pagué': the passenger paid the driver's Yape/Plin",
  params: zIdParam,
  answer: zPaymentState,
  status: 200,
});
