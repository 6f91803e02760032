/**
 * Safety: trusted contacts, the driver's photo, share links and their public page, SOS.
 */
import { TRUSTED_CONTACTS_MAX } from '@jala/domain';
import { z } from 'zod';

import { zPersonName, zPeruPhone } from '../core/fields';
import { zTripStatus } from './trip-views';

export const zTrustedContact = z.object({ name: zPersonName, phone: zPeruPhone });
export type TrustedContactInput = z.input<typeof zTrustedContact>;

/** PUT /safety/contacts: the whole list, in order; the first is the emergency contact. */
export const zTrustedContactsRequest = z.object({
  contacts: z
    .array(zTrustedContact)
    .max(TRUSTED_CONTACTS_MAX, `Puedes guardar hasta ${TRUSTED_CONTACTS_MAX} contactos.`),
});

/** GET/PUT /safety/contacts answer. */
export const zTrustedContacts = z.array(z.object({ name: z.string(), phone: z.string() }));
export type TrustedContacts = z.infer<typeof zTrustedContacts>;

/** A photo upload: base64 of a JPEG, PNG or WebP (the server re-encodes it). */
export const PHOTO_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const zPhotoUpload = z.object({
  image_base64: z
    .string({ error: 'Elige una foto.' })
    .min(1, 'Elige una foto.')
    .max(Math.ceil(PHOTO_UPLOAD_MAX_BYTES / 3) * 4, 'La foto es demasiado grande (máximo 5 MB).')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'La foto no es válida.'),
});

/** A stored photo, as the browser turns it into a blob URL. */
export const zPhoto = z.object({ content_type: z.string(), image_base64: z.string() });
export type Photo = z.infer<typeof zPhoto>;

/** POST /safety/share: a live link to the caller's active trip. */
export const zShareLink = z.object({
  /** Path of the public page, '/compartir/<token>' (the web prefixes its own origin). */
  path: z.string(),
  expires_at: z.string(),
  /** The first trusted contact's phone, for the one-tap WhatsApp message (null without contacts). */
  contact_phone: z.string().nullable(),
  contact_name: z.string().nullable(),
});
export type ShareLink = z.infer<typeof zShareLink>;

/** GET /share/{token}: only what the public page shows. */
export const zSharedTrip = z.object({
  status: zTripStatus,
  driver_first_name: z.string(),
  vehicle: z.object({ brand: z.string(), model: z.string(), color: z.string(), license_plate: z.string() }).nullable(),
  pickup: z.object({ latitude: z.number(), longitude: z.number(), address: z.string() }),
  destination: z.object({ latitude: z.number(), longitude: z.number(), address: z.string() }),
  route_polyline: z.string().nullable(),
  /** The car's last known position; null until the driver reports one. */
  position: z.object({ latitude: z.number(), longitude: z.number(), updated_at: z.string().nullable() }).nullable(),
  /** Minutes to the pickup (before boarding) or to the destination (on board); null without a position. */
  eta_minutes: z.number().int().nullable(),
});
export type SharedTrip = z.infer<typeof zSharedTrip>;

export const zShareTokenParam = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Enlace no válido.'),
});

/** POST /safety/sos: where the sender is, when the phone knows. */
export const zSosRequest = z
  .object({
    latitude: z.number().min(-90, 'Latitud fuera de rango.').max(90, 'Latitud fuera de rango.').optional(),
    longitude: z.number().min(-180, 'Longitud fuera de rango.').max(180, 'Longitud fuera de rango.').optional(),
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), 'Envía latitud y longitud juntas.');

/** The sender's own confirmation of an SOS, with the share link to send the emergency contact. */
export const zSosAlert = z.object({
  id: z.number().int(),
  created_at: z.string(),
  police_phone: z.string(),
  share: zShareLink,
});
export type SosAlert = z.infer<typeof zSosAlert>;
