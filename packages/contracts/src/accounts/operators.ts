/**
 * The operators' console: driver documents and their review, operators, audit log, suspension,
 * trips seen by an operator and SOS alerts. Everything under /admin is for operators only (users.is_admin).
 */
import { TRIP_STATUSES } from '@jala/domain';
import { z } from 'zod';

import { zEmail } from '../core/fields';
import { accountContact, listedTripPlaces } from '../core/shapes';
import { zText } from '../core/text';
import { zUserType } from '../core/user';
import { zChatPageQuery } from '../trips/trip';
import { zFareAdjustment } from '../trips/trip-views';
import { VERIFICATION_STATUSES, zLicenseExpiryDate } from './driver';

// ----------------------------------------------------------------------------------- driver documents

export const DOCUMENT_KINDS = ['license_front', 'license_back', 'soat', 'property_card', 'vehicle_photo'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Spanish label of each document, as the driver and the operator read it. */
export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = Object.freeze({
  license_front: 'Licencia (frente)',
  license_back: 'Licencia (reverso)',
  soat: 'SOAT',
  property_card: 'Tarjeta de propiedad',
  vehicle_photo: 'Foto del vehículo con placa',
});

/** Largest image a driver may send, before normalisation (phone photos are 2–6 MB). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE_MESSAGE =
  'La imagen pesa más de 10 MB. Toma la foto con menor resolución o elige otra.';

export const zDocumentKindParam = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: 'Tipo de documento no válido.' }),
});

/** PUT /driver/documents/{kind}: the image as base64 (the type is read from the bytes, not declared). */
export const zUploadDocumentRequest = z.object({
  image_base64: z
    .string({ error: 'Adjunta una imagen.' })
    .min(1, 'Adjunta una imagen.')
    .max(Math.ceil(DOCUMENT_MAX_BYTES / 3) * 4 + 4, DOCUMENT_TOO_LARGE_MESSAGE)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'La imagen no es válida.'),
});
export type UploadDocumentRequest = z.infer<typeof zUploadDocumentRequest>;

export const zDriverDocument = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  byte_size: z.number().int(),
  uploaded_at: z.string(),
});
export type DriverDocument = z.infer<typeof zDriverDocument>;

/** One document's bytes, for an authenticated fetch that the web turns into a blob URL. */
export const zDocumentFile = z.object({ content_type: z.string(), data_base64: z.string() });
export type DocumentFile = z.infer<typeof zDocumentFile>;

/** GET /driver/documents: what the driver sent, where the review stands and any expiry warning. */
export const zDriverDocumentsState = z.object({
  documents: z.array(zDriverDocument),
  missing: z.array(z.enum(DOCUMENT_KINDS)),
  verification_status: z.enum(VERIFICATION_STATUSES),
  rejection_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  license_expiry_date: z.string(),
  soat_expiry_date: z.string().nullable(),
  /** Spanish notice when the licence or SOAT expires within a week, today, or already did; else null. */
  expiry_notice: z.string().nullable(),
  /** True when an expired document keeps the driver from receiving requests. */
  documents_expired: z.boolean(),
});
export type DriverDocumentsState = z.infer<typeof zDriverDocumentsState>;

/** POST /driver/documents/submit: send all five for review, with the SOAT's expiry. */
export const zSubmitDocumentsRequest = z.object({
  soat_expiry_date: zLicenseExpiryDate,
});

// ------------------------------------------------------------------------------------ verification

/** GET /admin/verification-queue: drivers waiting, oldest submission first, with their documents. */
export const zQueuedDriver = z.object({
  ...accountContact,
  /** Whether the driver confirmed their mobile by SMS code: approving them needs it. */
  phone_verified: z.boolean(),
  license_number: z.string(),
  license_expiry_date: z.string(),
  soat_expiry_date: z.string().nullable(),
  submitted_at: z.string(),
  documents: z.array(zDriverDocument),
  vehicle: z
    .object({
      vehicle_type: z.string(),
      brand: z.string(),
      model: z.string(),
      license_plate: z.string(),
      color: z.string(),
    })
    .nullable(),
});
export type QueuedDriver = z.infer<typeof zQueuedDriver>;

export const zRejectDriverRequest = z.object({
  reason: zText({ error: 'Escribe el motivo del rechazo.', multiline: true })
    .min(5, 'Escribe el motivo del rechazo (al menos 5 caracteres).')
    .max(500, 'El motivo es demasiado largo (máximo 500 caracteres).'),
});

export const zDriverReview = z.object({
  driver_id: z.number().int(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  rejection_reason: z.string().nullable(),
});
export type DriverReview = z.infer<typeof zDriverReview>;

export const zDriverDocumentParams = z.object({
  id: z.coerce
    .number({ error: 'Identificador no válido.' })
    .int('Identificador no válido.')
    .positive('Identificador no válido.')
    .max(2_147_483_647, 'Identificador no válido.'),
  documentId: z.coerce
    .number({ error: 'Identificador no válido.' })
    .int('Identificador no válido.')
    .positive('Identificador no válido.')
    .max(2_147_483_647, 'Identificador no válido.'),
});

// ------------------------------------------------------------------------------- operators and audit

export const zOperator = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type Operator = z.infer<typeof zOperator>;

export const zAddOperatorRequest = z.object({ email: zEmail });

export const zAuditEntry = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof zAuditEntry>;

export const zAuditQuery = z.object({
  before_id: z.coerce
    .number({ error: 'Identificador no válido.' })
    .int('Identificador no válido.')
    .positive('Identificador no válido.')
    .max(2_147_483_647, 'Identificador no válido.')
    .optional(),
});

// ----------------------------------------------------------------------------------------- users

export const zAdminUsersQuery = z.object({
  q: zText({ error: 'Búsqueda no válida.' }).max(100, 'La búsqueda es demasiado larga.').optional(),
});

export const zAdminUser = z.object({
  ...accountContact,
  user_type: zUserType,
  is_operator: z.boolean(),
  suspended_at: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  created_at: z.string(),
  /** The person deleted the account ('Eliminar mi cuenta'): name and contact are the anonymised placeholders. */
  deleted_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof zAdminUser>;

export const zSuspendUserRequest = z.object({
  reason: zText({ error: 'Escribe el motivo de la suspensión.', multiline: true })
    .min(5, 'Escribe el motivo de la suspensión (al menos 5 caracteres).')
    .max(500, 'El motivo es demasiado largo (máximo 500 caracteres).'),
});

// ----------------------------------------------------------------------------------------- trips

export const zAdminTripsQuery = z.object({
  status: z.enum(TRIP_STATUSES, { error: 'Estado de viaje no válido.' }).optional(),
  active: z.enum(['true', 'false'], { error: 'Valor no válido.' }).optional(),
  /** Only scheduled rides, soonest pickup first. */
  scheduled: z.enum(['true', 'false'], { error: 'Valor no válido.' }).optional(),
  q: zText({ error: 'Búsqueda no válida.' }).max(100, 'La búsqueda es demasiado larga.').optional(),
});

export const zAdminTrip = z.object({
  id: z.number().int(),
  trip_code: z.string(),
  status: z.enum(TRIP_STATUSES),
  passenger: z.object({ id: z.number().int(), name: z.string() }),
  driver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  ...listedTripPlaces,
  estimated_fare: z.number(),
  agreed_fare: z.number().nullable(),
  created_at: z.string(),
  /** A scheduled ride's pickup time; null for a live trip. */
  scheduled_for: z.string().nullish(),
});
export type AdminTrip = z.infer<typeof zAdminTrip>;

/** One chat message of a trip as an operator reads it: which conversation (the driver's name), who wrote it. */
export const zAdminChatLine = z.object({
  driver_name: z.string(),
  sender_role: z.enum(['passenger', 'driver']),
  message: z.string(),
  created_at: z.string(),
});
export type AdminChatLine = z.infer<typeof zAdminChatLine>;

/** GET /admin/trips/{id}/chat: a page of the trip's chat, oldest to newest, with the cursor of the page before. */
export const zAdminChatPage = z.object({
  messages: z.array(zAdminChatLine),
  next_before: z.number().int().positive().nullable(),
});
export type AdminChatPage = z.infer<typeof zAdminChatPage>;

/** `?before=&limit=` of GET /admin/trips/{id}/chat: the same cursor and page size as a conversation's history. */
export const zAdminChatQuery = zChatPageQuery;

/** GET /admin/trips/{id}: the whole story of one trip. */
export const zAdminTripStory = z.object({
  trip: zAdminTrip.extend({ cancel_reason: z.string().nullable(), final_fare: z.number().nullable() }),
  status_log: z.array(z.object({ status: z.string(), at: z.string() })),
  offers: z.array(
    z.object({
      id: z.number().int(),
      driver_name: z.string(),
      price: z.number(),
      status: z.string(),
      created_at: z.string(),
      driver_latitude: z.number().nullable(),
      driver_longitude: z.number().nullable(),
    }),
  ),
  /**
   * The newest page of the trip's chat (every conversation, oldest to newest within the page); older pages
   * come from GET /admin/trips/{id}/chat?before={chat_next_before}. A flooded chat stays a small answer.
   */
  chat: z.array(zAdminChatLine),
  /** Cursor of the page before `chat`; null when `chat` already starts at the oldest stored message. */
  chat_next_before: z.number().int().positive().nullable(),
  positions: z.array(
    z.object({ label: z.string(), latitude: z.number(), longitude: z.number(), at: z.string().nullable() }),
  ),
  /** The driver's requests to change the agreed price and the passenger's answers, oldest first. */
  fare_adjustments: z.array(zFareAdjustment),
});
export type AdminTripStory = z.infer<typeof zAdminTripStory>;

export const zOperatorCancelRequest = z.object({
  reason: zText({ error: 'Escribe el motivo de la cancelación.', multiline: true })
    .min(5, 'Escribe el motivo de la cancelación (al menos 5 caracteres).')
    .max(500, 'El motivo es demasiado largo (máximo 500 caracteres).'),
});

// ----------------------------------------------------------------------------------------- SOS

export const zAdminAlertsQuery = z.object({
  state: z.enum(['open', 'resolved'], { error: 'Valor no válido.' }).optional(),
});

export const zSafetyAlert = z.object({
  id: z.number().int(),
  trip_id: z.number().int(),
  trip_code: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  role: z.enum(['passenger', 'driver']),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolution_note: z.string().nullable(),
});
export type SafetyAlert = z.infer<typeof zSafetyAlert>;

export const zResolveAlertRequest = z.object({
  note: zText({ error: 'Escribe cómo se resolvió la alerta.', multiline: true })
    .min(3, 'Escribe cómo se resolvió la alerta.')
    .max(1000, 'La nota es demasiado larga (máximo 1000 caracteres).'),
});

// ----------------------------------------------------------------------------------------- live map

export const zLiveCity = z.object({
  drivers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      vehicle_type: z.enum(['mototaxi', 'auto']),
      latitude: z.number(),
      longitude: z.number(),
    }),
  ),
  trips: z.array(
    z.object({
      id: z.number().int(),
      trip_code: z.string(),
      status: z.enum(TRIP_STATUSES),
      latitude: z.number(),
      longitude: z.number(),
    }),
  ),
  /** SOS alerts not resolved yet: the console raises a new one wherever the operator is looking. */
  open_alerts: z.number().int().min(0),
  at: z.string(),
});
export type LiveCity = z.infer<typeof zLiveCity>;
