/** A passenger's or driver's safety: the driver's photo, trusted contacts, share links and their public page, SOS. */
import { z } from 'zod';

import {
  zIdParam,
  zPhoto,
  zPhotoUpload,
  zSharedTrip,
  zShareLink,
  zShareTokenParam,
  zSosAlert,
  zSosRequest,
  zTrustedContacts,
  zTrustedContactsRequest,
} from '../index';
import { endpoint } from './endpoint';

export const ownDriverPhoto = endpoint({
  method: 'GET',
  path: '/driver/photo',
  tag: 'safety',
  summary: 'My photo (drivers); null when there is none yet',
  answer: zPhoto.nullable(),
  status: 200,
});

export const uploadDriverPhoto = endpoint({
  method: 'PUT',
  path: '/driver/photo',
  tag: 'safety',
  summary: 'Set my photo (JPEG, PNG or WebP; normalised by the server)',
  body: zPhotoUpload,
  answer: zPhoto,
  status: 200,
});

export const deleteDriverPhoto = endpoint({
  method: 'DELETE',
  path: '/driver/photo',
  tag: 'safety',
  summary: 'Remove my photo',
  answer: z.null(),
  status: 200,
});

export const tripDriverPhoto = endpoint({
  method: 'GET',
  path: '/trips/:id/driver-photo',
  tag: 'safety',
  summary: "The assigned driver's photo, for the passenger of the trip",
  params: zIdParam,
  answer: zPhoto,
  status: 200,
});

export const trustedContacts = endpoint({
  method: 'GET',
  path: '/safety/contacts',
  tag: 'safety',
  summary: 'My trusted contacts (the first is the emergency contact)',
  answer: zTrustedContacts,
  status: 200,
});

export const saveTrustedContacts = endpoint({
  method: 'PUT',
  path: '/safety/contacts',
  tag: 'safety',
  summary: 'Replace my trusted contacts',
  body: zTrustedContactsRequest,
  answer: zTrustedContacts,
  status: 200,
});

export const createShareLink = endpoint({
  method: 'POST',
  path: '/safety/share',
  tag: 'safety',
  summary: 'A live read-only link to my current trip',
  answer: zShareLink,
  status: 201,
});

/** 201 for a new alert; 200 with the same alert while it is open or was just raised. */
export const sendSos = endpoint({
  method: 'POST',
  path: '/safety/sos',
  tag: 'safety',
  summary: 'SOS: record an alert with my position (200 with the same alert while it is open or just raised)',
  body: zSosRequest,
  answer: zSosAlert,
  status: 201,
  alsoStatus: [200],
});

/** The public share page's own endpoint: no login, the unguessable token is the only key. */
export const sharedTrip = endpoint({
  method: 'GET',
  path: '/share/:token',
  tag: 'safety',
  auth: false,
  summary: 'A shared trip, read-only (404 once it ended or the link expired)',
  params: zShareTokenParam,
  answer: zSharedTrip,
  status: 200,
});
