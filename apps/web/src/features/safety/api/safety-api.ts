import type { ShareLink, TrustedContactInput } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from '@/lib/api/api-client';

/** Fallback texts when the server gives none (network down, unexpected answer). */
export const SAFETY_ERRORS = {
  photo: 'No se pudo cargar la foto.',
  upload: 'No se pudo guardar la foto. Inténtalo de nuevo.',
  contacts: 'No se pudieron cargar tus contactos de confianza.',
  saveContacts: 'No se pudieron guardar tus contactos. Inténtalo de nuevo.',
  share: 'No se pudo crear el enlace para compartir. Inténtalo de nuevo.',
  sos: 'No se pudo enviar la alerta. Llama al 105.',
  sharedTrip: 'No se pudo cargar el viaje compartido.',
} as const;

export const safetyKeys = {
  ownPhoto: ['safety', 'own-photo'] as const,
  tripDriverPhoto: (tripId: number) => ['safety', 'trip-driver-photo', tripId] as const,
  contacts: ['safety', 'contacts'] as const,
  sharedTrip: (token: string) => ['safety', 'shared-trip', token] as const,
};

/** The driver's own photo; null when there is none yet (a state, not an error). */
export const fetchOwnPhoto = () => callApi(api(endpoints.ownDriverPhoto), SAFETY_ERRORS.photo, { allowNull: true });
export const uploadOwnPhoto = (imageBase64: string) =>
  callApi(api(endpoints.uploadDriverPhoto, { body: { image_base64: imageBase64 } }), SAFETY_ERRORS.upload);
export const deleteOwnPhoto = () =>
  callApi(api(endpoints.deleteDriverPhoto), SAFETY_ERRORS.upload, { allowNull: true });
export const fetchTripDriverPhoto = (tripId: number) =>
  callApi(api(endpoints.tripDriverPhoto, { params: { id: tripId } }), SAFETY_ERRORS.photo);

export const fetchContacts = () => callApi(api(endpoints.trustedContacts), SAFETY_ERRORS.contacts);
export const saveContacts = (contacts: TrustedContactInput[]) =>
  callApi(api(endpoints.saveTrustedContacts, { body: { contacts } }), SAFETY_ERRORS.saveContacts);

export const createShareLink = () => callApi(api(endpoints.createShareLink), SAFETY_ERRORS.share);
export const sendSos = (position: { latitude: number; longitude: number } | null) =>
  callApi(api(endpoints.sendSos, { body: position ?? {} }), SAFETY_ERRORS.sos);

/** The public page's poll: no login (a stored session token is sent, and ignored, by the same client). */
export const fetchSharedTrip = (token: string) =>
  callApi(api(endpoints.sharedTrip, { params: { token }, onUnauthorized: 'ignore' }), SAFETY_ERRORS.sharedTrip);

/** The share page's absolute address on this site. */
export const shareUrl = (link: Pick<ShareLink, 'path'>) => `${window.location.origin}${link.path}`;
