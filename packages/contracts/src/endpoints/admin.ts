/** The operators' console (users.is_admin): driver verification, the city's trips, SOS alerts, payment cases, users, operators. */
import { z } from 'zod';

import {
  zAddOperatorRequest,
  zAdminAlertsQuery,
  zAdminChatPage,
  zAdminChatQuery,
  zAdminDriver,
  zAdminDriversQuery,
  zAdminTrip,
  zAdminTripsQuery,
  zAdminTripStory,
  zAdminUser,
  zAdminUsersQuery,
  zAuditEntry,
  zAuditQuery,
  zDocumentFile,
  zDriverDocumentParams,
  zDriverReview,
  zDriverVerification,
  zIdParam,
  zKpis,
  zKpisQuery,
  zLiveCity,
  zOperator,
  zOperatorCancelRequest,
  zPaymentCase,
  zPaymentCasesQuery,
  zQueuedDriver,
  zRejectDriverRequest,
  zResolveAlertRequest,
  zResolvePaymentCaseRequest,
  zSafetyAlert,
  zSuspendUserRequest,
} from '../index';
import { endpoint } from './endpoint';

// --- drivers and their documents

export const adminDrivers = endpoint({
  method: 'GET',
  path: '/admin/drivers',
  tag: 'admin',
  summary: 'Drivers, newest first, optionally by verification status (at most 200)',
  query: zAdminDriversQuery,
  answer: z.array(zAdminDriver),
  status: 200,
});

export const verificationQueue = endpoint({
  method: 'GET',
  path: '/admin/verification-queue',
  tag: 'admin',
  summary: 'Drivers who sent documents and wait for review, oldest first, with their documents',
  answer: z.array(zQueuedDriver),
  status: 200,
});

export const adminDriverDocumentFile = endpoint({
  method: 'GET',
  path: '/admin/drivers/:id/documents/:documentId/file',
  tag: 'admin',
  summary: "One of a driver's document photos (base64)",
  params: zDriverDocumentParams,
  answer: zDocumentFile,
  status: 200,
});

export const verifyDriver = endpoint({
  method: 'POST',
  path: '/admin/drivers/:id/verify',
  tag: 'admin',
  summary: "Approve a driver's documents (idempotent); the driver may then receive requests and send offers",
  params: zIdParam,
  answer: zDriverVerification,
  status: 200,
});

export const rejectDriver = endpoint({
  method: 'POST',
  path: '/admin/drivers/:id/reject',
  tag: 'admin',
  summary: "Reject a driver's documents with a reason the driver reads; they answer by uploading again",
  params: zIdParam,
  body: zRejectDriverRequest,
  answer: zDriverReview,
  status: 200,
});

// --- the city: trips, the live map, SOS alerts

export const adminTrips = endpoint({
  method: 'GET',
  path: '/admin/trips',
  tag: 'admin',
  summary: 'Trips, newest first (100), by status, active only, or text',
  query: zAdminTripsQuery,
  answer: z.array(zAdminTrip),
  status: 200,
});

export const adminTripStory = endpoint({
  method: 'GET',
  path: '/admin/trips/:id',
  tag: 'admin',
  summary: "One trip's story: status log, offers, chat, positions",
  params: zIdParam,
  answer: zAdminTripStory,
  status: 200,
});

export const adminTripChat = endpoint({
  method: 'GET',
  path: '/admin/trips/:id/chat',
  tag: 'admin',
  summary: "A page of one trip's chat, oldest to newest: the newest (200), or the page before the cursor `before`",
  params: zIdParam,
  query: zAdminChatQuery,
  answer: zAdminChatPage,
  status: 200,
});

export const cancelTripAsOperator = endpoint({
  method: 'POST',
  path: '/admin/trips/:id/cancel',
  tag: 'admin',
  summary: 'Cancel an abusive or stuck trip; passenger and driver are told',
  params: zIdParam,
  body: zOperatorCancelRequest,
  answer: zAdminTripStory,
  status: 200,
});

export const liveCity = endpoint({
  method: 'GET',
  path: '/admin/live',
  tag: 'admin',
  summary: 'Snapshot of the live map: online drivers and active trips (updates come over MQTT)',
  answer: zLiveCity,
  status: 200,
});

export const safetyAlerts = endpoint({
  method: 'GET',
  path: '/admin/alerts',
  tag: 'admin',
  summary: 'SOS alerts: open ones oldest first (default), or resolved ones',
  query: zAdminAlertsQuery,
  answer: z.array(zSafetyAlert),
  status: 200,
});

export const resolveAlert = endpoint({
  method: 'POST',
  path: '/admin/alerts/:id/resolve',
  tag: 'admin',
  summary: 'Resolve an SOS alert with a note',
  params: zIdParam,
  body: zResolveAlertRequest,
  answer: z.null(),
  status: 200,
});

// --- Yape/Plin payment cases (a driver's 'No recibí el pago')

export const paymentCases = endpoint({
  method: 'GET',
  path: '/admin/payment-cases',
  tag: 'admin',
  summary: 'Yape/Plin payment cases: open ones oldest first (default), or resolved ones',
  query: zPaymentCasesQuery,
  answer: z.array(zPaymentCase),
  status: 200,
});

export const resolvePaymentCase = endpoint({
  method: 'POST',
  path: '/admin/payment-cases/:id/resolve',
  tag: 'admin',
  summary: 'Resolve a payment case: paid or not, with a note',
  params: zIdParam,
  body: zResolvePaymentCaseRequest,
  answer: z.null(),
  status: 200,
});

// --- users, operators and the audit log

export const adminUsers = endpoint({
  method: 'GET',
  path: '/admin/users',
  tag: 'admin',
  summary: 'Users by name, e-mail or phone (newest first, at most 50)',
  query: zAdminUsersQuery,
  answer: z.array(zAdminUser),
  status: 200,
});

export const suspendUser = endpoint({
  method: 'POST',
  path: '/admin/users/:id/suspend',
  tag: 'admin',
  summary: 'Suspend a user with a reason: every session and MQTT connection ends',
  params: zIdParam,
  body: zSuspendUserRequest,
  answer: zAdminUser,
  status: 200,
});

export const reactivateUser = endpoint({
  method: 'POST',
  path: '/admin/users/:id/reactivate',
  tag: 'admin',
  summary: 'Lift a suspension',
  params: zIdParam,
  answer: zAdminUser,
  status: 200,
});

export const operators = endpoint({
  method: 'GET',
  path: '/admin/operators',
  tag: 'admin',
  summary: 'Every operator',
  answer: z.array(zOperator),
  status: 200,
});

export const addOperator = endpoint({
  method: 'POST',
  path: '/admin/operators',
  tag: 'admin',
  summary: 'Make an existing account an operator (by e-mail)',
  body: zAddOperatorRequest,
  answer: zOperator,
  status: 200,
});

export const removeOperator = endpoint({
  method: 'DELETE',
  path: '/admin/operators/:id',
  tag: 'admin',
  summary: "Remove someone's operator rights (never the last operator)",
  params: zIdParam,
  answer: z.null(),
  status: 200,
});

export const auditLog = endpoint({
  method: 'GET',
  path: '/admin/audit-log',
  tag: 'admin',
  summary: 'Operator actions, newest first (100 per page; before_id for the next page)',
  query: zAuditQuery,
  answer: z.array(zAuditEntry),
  status: 200,
});

// --- Indicadores

export const adminKpis = endpoint({
  method: 'GET',
  path: '/admin/kpis',
  tag: 'admin',
  summary: 'The city in numbers for a period of Lima days (at most 366) and optionally one district',
  query: zKpisQuery,
  answer: zKpis,
  status: 200,
});
