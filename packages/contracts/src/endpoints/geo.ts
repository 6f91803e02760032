/** Place search (Peru only), reverse geocoding and driving routes, served by the server's maps provider. */
import { z } from 'zod';

import {
  zCoordinatesQuery,
  zPlace,
  zPlaceSearchQuery,
  zReverseGeocodeResult,
  zRouteQuery,
  zRouteResult,
} from '../index';
import { endpoint } from './endpoint';

export const searchPlaces = endpoint({
  method: 'GET',
  path: '/geo/search',
  tag: 'geo',
  summary: 'Search places in Peru',
  query: zPlaceSearchQuery,
  answer: z.array(zPlace),
  status: 200,
});

export const reverseGeocode = endpoint({
  method: 'GET',
  path: '/geo/reverse',
  tag: 'geo',
  summary: 'Address of a point',
  query: zCoordinatesQuery,
  answer: zReverseGeocodeResult,
  status: 200,
});

export const drivingRoute = endpoint({
  method: 'GET',
  path: '/geo/route',
  tag: 'geo',
  summary: 'Driving route with fare estimate',
  query: zRouteQuery,
  answer: zRouteResult,
  status: 200,
});
