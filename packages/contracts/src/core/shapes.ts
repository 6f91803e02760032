/**
 * Field groups several answers share, spread into their `z.object`s at the same place so the key order (and
 * the OpenAPI document) stays as it was. Internal to the contracts: the schemas built from them are the API.
 */
import { z } from 'zod';

/** A person's name and contact as read back (the session user, the passenger's profile). */
export const personNameAndContact = {
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
};

/** An account as an operator's lists show it: who it is and how to reach them. */
export const accountContact = {
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
};

/** Where a listed trip goes: both addresses, and the pickup point a driver's distance and the map pin use. */
export const listedTripPlaces = {
  pickup_address: z.string(),
  destination_address: z.string(),
  pickup_latitude: z.number(),
  pickup_longitude: z.number(),
};
