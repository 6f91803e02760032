/** Spanish fallbacks of spec §8 'Driver' for the marketplace calls: used when the server sent no message. */
export const DRIVER_TRIP_ERRORS = {
  requests: 'Error al obtener solicitudes',
  accept: 'Error al aceptar viaje',
  reject: 'Error al rechazar viaje',
  currentTrip: 'Error al cargar el viaje',
  updateStatus: 'Error al actualizar estado',
  complete: 'Error al completar viaje',
  chat: 'No se pudo cargar la conversación',
} as const;

/** Spec §8: completion failure prefix, and the text used when the failure carries no message. */
export const COMPLETE_FAILURE_PREFIX = 'Error al finalizar el viaje: ';
export const UNKNOWN_FAILURE = 'Desconocido';
export const COMPLETE_SUCCESS_MESSAGE = '¡Viaje completado con éxito!';
/** Spec §5: completing without a known driver position. */
export const COMPLETE_NEEDS_POSITION = 'Activa la ubicación para finalizar el viaje.';
/** Spec §2: shown while the device position is unavailable on the active trip. */
export const LOCATION_NEEDED_WARNING = 'Necesitas activar la ubicación del dispositivo para finalizar.';
