/** A driver's own account: registration, profile, vehicles, online status, documents, earnings, history, payment methods. */
import { z } from 'zod';

import {
  zAddVehicleRequest,
  zDocumentFile,
  zDocumentKindParam,
  zDriverDocument,
  zDriverDocumentsState,
  zDriverPaymentSettings,
  zDriverProfile,
  zDriverRegisterRequest,
  zDriverRegistration,
  zDriverStats,
  zDriverStatus,
  zDriverTripHistoryPage,
  zDriverTripHistoryQuery,
  zEarningsRecord,
  zEarningsSummary,
  zIdParam,
  zSetDriverStatusRequest,
  zSubmitDocumentsRequest,
  zUpdateDriverProfileRequest,
  zUpdatePaymentSettingsRequest,
  zUpdateVehicleRequest,
  zUploadDocumentRequest,
  zVehicle,
} from '../index';
import { endpoint } from './endpoint';

export const registerDriver = endpoint({
  method: 'POST',
  path: '/driver/register',
  tag: 'driver',
  summary: 'Register the session user as a driver (profile pending verification plus a first vehicle)',
  body: zDriverRegisterRequest,
  answer: zDriverRegistration,
  status: 201,
});

export const driverProfile = endpoint({
  method: 'GET',
  path: '/driver/profile',
  tag: 'driver',
  summary: "The driver's licence data, emergency contact and search radius (data null before registering it)",
  answer: zDriverProfile.nullable(),
  status: 200,
});

/** 201 when it creates the profile, 200 when it updates it. */
export const saveDriverProfile = endpoint({
  method: 'POST',
  path: '/driver/profile/update',
  tag: 'driver',
  summary: 'Create (license_number required) or update the driver profile',
  body: zUpdateDriverProfileRequest,
  answer: zDriverProfile,
  status: 200,
  alsoStatus: [201],
});

export const driverVehicles = endpoint({
  method: 'GET',
  path: '/driver/vehicles',
  tag: 'driver',
  summary: "The driver's vehicles, oldest first",
  answer: z.array(zVehicle),
  status: 200,
});

export const addVehicle = endpoint({
  method: 'POST',
  path: '/driver/vehicles/add',
  tag: 'driver',
  summary: 'Register a vehicle (plates are unique across drivers)',
  body: zAddVehicleRequest,
  answer: zVehicle,
  status: 201,
});

export const updateVehicle = endpoint({
  method: 'PUT',
  path: '/driver/vehicles/:id',
  tag: 'driver',
  summary: "Change a vehicle's colour and/or status (404 for another driver's vehicle)",
  params: zIdParam,
  body: zUpdateVehicleRequest,
  answer: zVehicle,
  status: 200,
});

export const driverStatus = endpoint({
  method: 'GET',
  path: '/driver/status',
  tag: 'driver',
  summary: 'Online/offline state, active vehicle and verification',
  polled: true,
  answer: zDriverStatus,
  status: 200,
});

export const setDriverStatus = endpoint({
  method: 'POST',
  path: '/driver/status',
  tag: 'driver',
  summary: 'Go online with an active vehicle, or offline (refused during a trip)',
  body: zSetDriverStatusRequest,
  answer: zDriverStatus,
  status: 200,
});

export const driverDocuments = endpoint({
  method: 'GET',
  path: '/driver/documents',
  tag: 'driver',
  summary: 'My documents, what is missing, the review status and any expiry notice',
  answer: zDriverDocumentsState,
  status: 200,
});

export const uploadDriverDocument = endpoint({
  method: 'PUT',
  path: '/driver/documents/:kind',
  tag: 'driver',
  summary:
    'Upload (or replace) one document photo: JPEG, PNG, WebP or HEIC up to 10 MB; stored resized, without metadata',
  params: zDocumentKindParam,
  body: zUploadDocumentRequest,
  answer: zDriverDocument,
  status: 200,
});

export const driverDocumentFile = endpoint({
  method: 'GET',
  path: '/driver/documents/:id/file',
  tag: 'driver',
  summary: 'One of my document photos (base64), for display',
  params: zIdParam,
  answer: zDocumentFile,
  status: 200,
});

export const submitDriverDocuments = endpoint({
  method: 'POST',
  path: '/driver/documents/submit',
  tag: 'driver',
  summary: 'Send the five documents for review (again after a rejection or renewal), with the SOAT expiry',
  body: zSubmitDocumentsRequest,
  answer: zDriverDocumentsState,
  status: 200,
});

export const driverStats = endpoint({
  method: 'GET',
  path: '/driver/stats',
  tag: 'driver',
  summary: "Today's earnings, trips and online hours; 30-day acceptance and completion rates",
  polled: true,
  answer: zDriverStats,
  status: 200,
});

export const earningsSummary = endpoint({
  method: 'GET',
  path: '/driver/earnings/summary',
  tag: 'driver',
  summary: 'Total, today and last-7-days earnings',
  answer: zEarningsSummary,
  status: 200,
});

export const earningsRecords = endpoint({
  method: 'GET',
  path: '/driver/earnings/records',
  tag: 'driver',
  summary: 'Earnings per Lima day for the last 30 days, oldest first',
  answer: z.array(zEarningsRecord),
  status: 200,
});

export const driverTripHistory = endpoint({
  method: 'GET',
  path: '/driver/trip-history',
  tag: 'driver',
  summary: 'My finished trips as their driver, latest first, filtered by status and Lima days, paginated by the server',
  query: zDriverTripHistoryQuery,
  answer: zDriverTripHistoryPage,
  status: 200,
});

export const driverPaymentMethods = endpoint({
  method: 'GET',
  path: '/driver/payment-methods',
  tag: 'driver',
  summary: 'The payment methods the driver accepts and their Yape/Plin number',
  answer: zDriverPaymentSettings,
  status: 200,
});

export const saveDriverPaymentMethods = endpoint({
  method: 'PUT',
  path: '/driver/payment-methods',
  tag: 'driver',
  summary: 'Choose the accepted payment methods (Yape/Plin need wallet_phone)',
  body: zUpdatePaymentSettingsRequest,
  answer: zDriverPaymentSettings,
  status: 200,
});
