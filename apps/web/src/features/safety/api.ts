import type { Photo, SharedTrip, ShareLink, SosAlert, TrustedContactInput, TrustedContacts } from '@jala/contracts';
import { apiClient, callApi } from '../../lib/api-client';

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
export const fetchOwnPhoto = () => callApi(apiClient.get<Photo | null>('/driver/photo'), SAFETY_ERRORS.photo, { allowNull: true });
export const uploadOwnPhoto = (imageBase64: string) => callApi(apiClient.put<Photo>('/driver/photo', { image_base64: imageBase64 }), SAFETY_ERRORS.upload);
export const deleteOwnPhoto = () => callApi(apiClient.delete<null>('/driver/photo'), SAFETY_ERRORS.upload, { allowNull: true });
export const fetchTripDriverPhoto = (tripId: number) => callApi(apiClient.get<Photo>(`/trips/${tripId}/driver-photo`), SAFETY_ERRORS.photo);

export const fetchContacts = () => callApi(apiClient.get<TrustedContacts>('/safety/contacts'), SAFETY_ERRORS.contacts);
export const saveContacts = (contacts: TrustedContactInput[]) =>
  callApi(apiClient.put<TrustedContacts>('/safety/contacts', { contacts }), SAFETY_ERRORS.saveContacts);

export const createShareLink = () => callApi(apiClient.post<ShareLink>('/safety/share'), SAFETY_ERRORS.share);
export const sendSos = (position: { latitude: number; longitude: number } | null) =>
  callApi(apiClient.post<SosAlert>('/safety/sos', position ?? {}), SAFETY_ERRORS.sos);

/** The public page's poll: no login (a stored session token is sent, and ignored, by the same client). */
export const fetchSharedTrip = (token: string) =>
  callApi(apiClient.get<SharedTrip>(`/share/${encodeURIComponent(token)}`, { onUnauthorized: 'ignore' }), SAFETY_ERRORS.sharedTrip);

/** The share page's absolute address on this site. */
export const shareUrl = (link: Pick<ShareLink, 'path'>) => `${window.location.origin}${link.path}`;
