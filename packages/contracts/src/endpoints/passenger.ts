/** A passenger's own workspace: dashboard cards, profile, saved places, finished trips, ratings. */
import { z } from 'zod';

import {
  zCreateSavedLocationRequest,
  zDeleted,
  zIdParam,
  zPassengerProfile,
  zPassengerStats,
  zRateTripRequest,
  zSavedLocation,
  zTripHistoryPage,
  zTripHistoryQuery,
  zTripRating,
  zTripRatingStatus,
  zUpdatePassengerProfileRequest,
} from '../index';
import { endpoint } from './endpoint';

export const passengerStats = endpoint({
  method: 'GET',
  path: '/passenger/stats',
  tag: 'passenger',
  summary: 'Dashboard cards',
  polled: true,
  answer: zPassengerStats,
  status: 200,
});

export const passengerProfile = endpoint({
  method: 'GET',
  path: '/passenger/profile',
  tag: 'passenger',
  summary: 'Passenger profile',
  answer: zPassengerProfile,
  status: 200,
});

export const updatePassengerProfile = endpoint({
  method: 'POST',
  path: '/passenger/profile/update',
  tag: 'passenger',
  summary: 'Update the passenger profile and emergency contact',
  body: zUpdatePassengerProfileRequest,
  answer: zPassengerProfile,
  status: 200,
});

export const savedLocations = endpoint({
  method: 'GET',
  path: '/passenger/saved-locations',
  tag: 'passenger',
  summary: 'Saved places',
  answer: z.array(zSavedLocation),
  status: 200,
});

export const saveLocation = endpoint({
  method: 'POST',
  path: '/passenger/saved-locations',
  tag: 'passenger',
  summary: 'Save a place (inside Peru)',
  body: zCreateSavedLocationRequest,
  answer: zSavedLocation,
  status: 201,
});

export const deleteSavedLocation = endpoint({
  method: 'DELETE',
  path: '/passenger/saved-locations/:id',
  tag: 'passenger',
  summary: 'Delete one of my saved places',
  params: zIdParam,
  answer: zDeleted,
  status: 200,
});

export const passengerTripHistory = endpoint({
  method: 'GET',
  path: '/passenger/trip-history',
  tag: 'passenger',
  summary: 'Finished trips, newest first, paginated by the server',
  query: zTripHistoryQuery,
  answer: zTripHistoryPage,
  status: 200,
});

/** For the trip's passenger or its driver (any user type). */
export const tripRating = endpoint({
  method: 'GET',
  path: '/trips/:id/rating',
  tag: 'ratings',
  summary: 'Whether the session user may rate this trip, and their rating',
  params: zIdParam,
  answer: zTripRatingStatus,
  status: 200,
});

export const rateTrip = endpoint({
  method: 'POST',
  path: '/trips/:id/rating',
  tag: 'ratings',
  summary: 'Rate the other party of a completed trip (once)',
  params: zIdParam,
  body: zRateTripRequest,
  answer: zTripRating,
  status: 201,
});
