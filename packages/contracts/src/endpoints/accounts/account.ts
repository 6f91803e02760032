/** The account's lifecycle: open sessions, the data export, deletion and accepting the legal documents. */
import { z } from 'zod';

import {
  zAccountExport,
  zAccountSession,
  zConsentRequest,
  zDeleteAccountRequest,
  zEndedSessions,
  zSessionIdParam,
  zUser,
} from '../../index';
import { endpoint } from '../endpoint';

export const accountSessions = endpoint({
  method: 'GET',
  path: '/account/sessions',
  tag: 'account',
  summary: "The account's open sessions, this one marked",
  answer: z.array(zAccountSession),
  status: 200,
});

export const endAccountSession = endpoint({
  method: 'DELETE',
  path: '/account/sessions/:id',
  tag: 'account',
  summary: 'End one of the account’s sessions on every node (its MQTT connections closed)',
  params: zSessionIdParam,
  answer: z.null(),
  status: 200,
});

export const endOtherSessions = endpoint({
  method: 'POST',
  path: '/account/sessions/end-others',
  tag: 'account',
  summary: 'End every session of the account but this one',
  answer: zEndedSessions,
  status: 200,
});

export const exportAccountData = endpoint({
  method: 'GET',
  path: '/account/export',
  tag: 'account',
  summary: "Everything kept about the account, as one JSON file to download ('Descargar mis datos')",
  answer: zAccountExport,
  status: 200,
  file: { mediaType: 'application/json', description: 'The account’s data' },
});

export const deleteAccount = endpoint({
  method: 'DELETE',
  path: '/account',
  tag: 'account',
  summary: 'Delete the account, confirmed with its password (refused while a trip is live or a ride booked)',
  body: zDeleteAccountRequest,
  answer: z.null(),
  status: 200,
});

export const acceptConsent = endpoint({
  method: 'POST',
  path: '/account/consent',
  tag: 'account',
  summary: 'Accept the current version of the terms and the privacy policy',
  body: zConsentRequest,
  answer: zUser,
  status: 200,
});
