import type { ErrorCode } from '@jala/contracts';

/**
 * The one catalogue of errors the API returns: a stable code per business case, its HTTP status and the
 * Spanish message the user reads. Services throw `new AppError('CODE')`; the error handler turns it into the
 * envelope, whose `code` clients may branch on (e.g. NO_ACTIVE_TRIP). A message argument only adds detail
 * the catalogue cannot know (a field's own text, the statuses of a refused transition, a radius).
 * The codes themselves are the contracts' API_ERROR_CODES: the catalogue must give each one, and no other.
 */
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Los datos enviados no son válidos.' },
  UNAUTHORIZED: { status: 401, message: 'Tu sesión expiró o no es válida. Inicia sesión de nuevo.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Correo o contraseña incorrectos.' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para realizar esta acción.' },
  NOT_FOUND: { status: 404, message: 'Recurso no encontrado.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'La ruta solicitada no existe.' },
  NO_ACTIVE_TRIP: { status: 404, message: 'No hay viaje activo' },
  EMAIL_TAKEN: { status: 409, message: 'Ya existe una cuenta con ese correo.' },
  CONFLICT: { status: 409, message: 'La operación entra en conflicto con el estado actual.' },
  RATE_LIMITED: { status: 429, message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'La solicitud es demasiado grande.' },
  URI_TOO_LONG: { status: 414, message: 'La dirección solicitada es demasiado larga.' },
  BAD_URL: { status: 400, message: 'La dirección solicitada no es válida.' },
  INTERNAL: { status: 500, message: 'Ocurrió un error inesperado. Inténtalo de nuevo.' },
  GEO_FAILED: { status: 502, message: 'El servicio de mapas no respondió. Inténtalo de nuevo.' },
  OUT_OF_COVERAGE: { status: 400, message: 'Esta ubicación está fuera de Perú. Jala solo opera en Perú.' },
  UNAVAILABLE: { status: 503, message: 'El servicio no está disponible en este momento.' },

  // --- notifications (Web Push) ---
  /** A subscription whose endpoint is not a known push service (or a test's loopback one when allowed). */
  PUSH_ENDPOINT_INVALID: { status: 400, message: 'Este navegador no ofrece un servicio de notificaciones compatible.' },
  /** The endpoint is another account's and the keys sent do not prove it is the same browser. */
  PUSH_SUBSCRIPTION_CONFLICT: {
    status: 409,
    message: 'No se pudo activar las notificaciones en este dispositivo. Desactívalas y actívalas de nuevo.',
  },
  /** The key sent is not a P-256 public key. */
  PUSH_KEYS_INVALID: {
    status: 400,
    message: 'La suscripción del navegador no es válida. Desactiva y activa las notificaciones de nuevo.',
  },

  // --- the marketplace: trips, requests, offers, chat ---
  TRIP_NOT_FOUND: { status: 404, message: 'Viaje no encontrado.' },
  /** A passenger asks for a second trip while one is active. */
  ACTIVE_TRIP_EXISTS: { status: 409, message: 'Ya tienes un viaje activo. Termínalo o cancélalo antes de pedir otro.' },
  /** Accepting an offer on a trip that is no longer waiting for offers. */
  TRIP_NOT_PENDING: { status: 409, message: 'Este viaje ya no está esperando ofertas.' },
  PUBLISH_NEEDS_PENDING_TRIP: { status: 409, message: 'Solo puedes publicar un viaje pendiente.' },
  /** The state machine refuses the change; the message names the two statuses (domain checkTransition). */
  TRANSITION_NOT_ALLOWED: { status: 409, message: 'No se puede cambiar el estado del viaje.' },
  /** Someone else changed the trip's status between our read and our write. */
  TRIP_STATUS_CHANGED: { status: 409, message: 'El viaje cambió de estado. Actualiza e inténtalo de nuevo.' },
  OFFER_WITHDRAWN: { status: 404, message: 'La oferta ya no está disponible.' },
  DRIVER_TOOK_ANOTHER_TRIP: { status: 409, message: 'El conductor acaba de tomar otro viaje. Elige otra oferta.' },
  REQUEST_NOT_FOUND: { status: 404, message: 'Solicitud no encontrada.' },
  REQUEST_UNAVAILABLE: { status: 404, message: 'Esta solicitud ya no está disponible.' },
  OFFER_ALREADY_SENT: { status: 409, message: 'Ya enviaste una oferta para este viaje.' },
  CHAT_NOT_FOUND: { status: 404, message: 'Conversación no encontrada.' },
  PASSENGERS_ONLY: { status: 403, message: 'Esta acción es solo para pasajeros.' },
  DRIVERS_ONLY: { status: 403, message: 'Esta acción es solo para conductores.' },
  DRIVER_PROFILE_MISSING: { status: 409, message: 'Registra tu perfil de conductor para recibir solicitudes.' },
  DRIVER_NOT_VERIFIED: {
    status: 409,
    message: 'Tu perfil de conductor está pendiente de verificación. Te avisaremos cuando puedas recibir viajes.',
  },
  DRIVER_OFFLINE: { status: 409, message: 'Estás desconectado. Conéctate en "Estado" para recibir solicitudes.' },
  NO_ACTIVE_VEHICLE: { status: 409, message: 'Selecciona un vehículo activo en "Estado" para recibir solicitudes.' },
  LOCATION_NEEDED_FOR_REQUESTS: { status: 409, message: 'Activa la ubicación para ver solicitudes cercanas.' },
  LOCATION_NEEDED_FOR_OFFERS: { status: 409, message: 'Activa la ubicación para enviar ofertas.' },
  VEHICLE_WRONG_SERVICE: {
    status: 409,
    message: 'Tu vehículo activo no corresponde al tipo de servicio de este viaje.',
  },
  /** The message names the driver's radius: 'El punto de recojo está fuera de tu radio de búsqueda (5 km).' */
  PICKUP_OUT_OF_RADIUS: { status: 409, message: 'El punto de recojo está fuera de tu radio de búsqueda.' },

  // --- scheduled rides ---
  /** A driver with a confirmed booking offers on, or is chosen for, one that overlaps it. */
  BOOKING_OVERLAP: {
    status: 409,
    message: 'Ya tienes un viaje programado confirmado a esa hora. No puedes tomar otro que se cruce con él.',
  },
  /** A passenger books a ride whose window (pickup ± route duration + 30 minutes) crosses another of their bookings. */
  PASSENGER_BOOKING_OVERLAP: {
    status: 409,
    message: 'Ya tienes un viaje programado que se cruza con esa hora. Elige otra hora o cancela el otro viaje.',
  },
  /** A passenger already holds the most bookings not yet started (BOOKING_MAX_PENDING_PER_PASSENGER). */
  BOOKING_LIMIT_REACHED: {
    status: 409,
    message: 'Ya tienes 5 viajes programados pendientes. Cancela uno para programar otro.',
  },
  /** The driver tries to start a booking before it becomes the active trip (20 minutes before). */
  BOOKING_NOT_STARTED: {
    status: 409,
    message: 'Este viaje programado aún no empieza. Podrás iniciarlo 20 minutos antes de la hora.',
  },

  // --- the agreed trip: binding price, fare adjustments, receipts, raising the price ---
  /** An adjustment is asked for or answered on a trip that is no longer being driven. */
  FARE_ADJUSTMENT_CLOSED: { status: 409, message: 'El viaje ya no está en curso: la tarifa no se puede ajustar.' },
  FARE_ADJUSTMENT_PENDING: { status: 409, message: 'Ya hay un ajuste esperando la respuesta del pasajero.' },
  NO_PENDING_FARE_ADJUSTMENT: { status: 409, message: 'No hay un ajuste de tarifa por responder.' },
  RECEIPT_NOT_READY: { status: 409, message: 'El recibo estará disponible cuando el viaje termine.' },
  /** Raising the price of a trip that already has a driver, expired or was cancelled. */
  RAISE_NEEDS_PENDING_TRIP: { status: 409, message: 'Solo puedes subir el precio mientras esperas ofertas.' },
  PRICE_NOT_HIGHER: { status: 400, message: 'El nuevo precio debe ser mayor que el actual.' },

  // --- payment method ---
  /** The message names the method: 'No aceptas Yape'. */
  PAYMENT_METHOD_NOT_ACCEPTED: { status: 409, message: 'No aceptas el método de pago de este viaje.' },
  /** The passenger accepts an offer whose driver stopped taking the trip's method meanwhile; the message names it. */
  DRIVER_STOPPED_ACCEPTING_METHOD: {
    status: 409,
    message: 'Este conductor ya no acepta el método de pago del viaje. Elige otra oferta.',
  },
  /** 'Ya pagué', 'Pago recibido' or 'No recibí el pago' out of turn (cash trip, trip not completed, already answered). */
  PAYMENT_NOT_OPEN: { status: 409, message: 'Este pago ya no espera esa respuesta.' },
  PAYMENT_CASE_NOT_FOUND: { status: 404, message: 'Caso de pago no encontrado.' },
  PAYMENT_CASE_ALREADY_RESOLVED: { status: 409, message: 'Este caso ya fue resuelto.' },

  // --- 'Saldo con Jala': platform fee, top-ups, adjustments, the balance floor ---
  /** The driver's balance is below DRIVER_MIN_BALANCE; the message adds the amount missing. */
  BALANCE_TOO_LOW: { status: 409, message: 'Recarga tu saldo para recibir solicitudes.' },
  /** A top-up whose Yape operation number was already recorded. */
  TOP_UP_REFERENCE_TAKEN: {
    status: 409,
    message: 'Esa operación de Yape ya fue registrada como recarga. Revisa el número de operación.',
  },
  LEDGER_DRIVER_NOT_FOUND: { status: 404, message: 'Conductor no encontrado.' },

  // --- ratings ---
  RATING_NEEDS_COMPLETED_TRIP: { status: 409, message: 'Solo puedes calificar viajes completados.' },
  RATING_ALREADY_GIVEN: { status: 409, message: 'Ya calificaste este viaje.' },

  // --- safety: start code, arrival check, photos, share links, SOS ---
  START_CODE_REQUIRED: { status: 400, message: 'Pide al pasajero su código de 4 dígitos para iniciar el viaje.' },
  /** The message says how many attempts are left. */
  START_CODE_WRONG: { status: 400, message: 'El código no es correcto. Pídeselo de nuevo al pasajero.' },
  START_CODE_LOCKED: {
    status: 409,
    message: 'Se ingresó un código incorrecto demasiadas veces. Este viaje no puede iniciarse: cancélalo.',
  },
  /** The message says how far the driver is and how close they must get. */
  ARRIVAL_TOO_FAR: { status: 409, message: 'Aún estás lejos del punto de recojo.' },
  ARRIVAL_POSITION_UNKNOWN: {
    status: 409,
    message: 'No conocemos tu ubicación. Activa la ubicación para marcar tu llegada.',
  },
  PHOTO_NOT_FOUND: { status: 404, message: 'Foto no encontrada.' },
  SHARE_LINK_NOT_FOUND: {
    status: 404,
    message: 'Este enlace ya no está disponible: el viaje terminó o el enlace expiró.',
  },

  // --- operators' console: documents, verification, suspension, operator actions ---
  IMAGE_INVALID: { status: 400, message: 'El archivo no es una imagen válida. Usa una foto JPEG, PNG, WebP o HEIC.' },
  /** The message names the limit of that upload: 'La imagen pesa más de 10 MB. …' (lib/images.ts). */
  IMAGE_TOO_LARGE: {
    status: 400,
    message: 'La imagen es demasiado grande. Toma la foto con menor resolución o elige otra.',
  },
  DOCUMENT_NOT_FOUND: { status: 404, message: 'Documento no encontrado.' },
  DOCUMENTS_INCOMPLETE: { status: 409, message: 'Faltan documentos por subir antes de enviarlos a revisión.' },
  DOCUMENTS_ALREADY_VERIFIED: {
    status: 409,
    message:
      'Tus documentos ya están verificados: no hace falta enviarlos otra vez. Podrás enviar documentos renovados cuando tu licencia o tu SOAT estén por vencer.',
  },
  DRIVER_DOCUMENTS_EXPIRED: {
    status: 409,
    message: 'Tu licencia o tu SOAT está vencido. Sube el documento vigente para volver a recibir solicitudes.',
  },
  ACCOUNT_SUSPENDED: { status: 403, message: 'Tu cuenta está suspendida.' },
  USER_NOT_FOUND: { status: 404, message: 'Usuario no encontrado.' },
  LAST_OPERATOR: { status: 409, message: 'No puedes quitar al último operador.' },
  CANNOT_SUSPEND_SELF: { status: 409, message: 'No puedes suspender tu propia cuenta.' },
  ALERT_NOT_FOUND: { status: 404, message: 'Alerta no encontrada.' },
  ALERT_ALREADY_RESOLVED: { status: 409, message: 'Esta alerta ya fue resuelta.' },

  // --- the account's lifecycle: sessions, deletion ---
  /** Not one of the account's open sessions (another account's, ended, or never existed): never told apart. */
  SESSION_NOT_FOUND: { status: 404, message: 'Sesión no encontrada.' },
  /** The password that confirms a deletion is wrong; also on `fields.password`. */
  PASSWORD_INCORRECT: { status: 400, message: 'La contraseña no es correcta.' },
  ACCOUNT_HAS_LIVE_TRIP: {
    status: 409,
    message: 'No puedes eliminar tu cuenta mientras tienes un viaje en curso. Termínalo o cancélalo primero.',
  },
  ACCOUNT_HAS_BOOKING: {
    status: 409,
    message: 'No puedes eliminar tu cuenta mientras tienes un viaje programado. Cancélalo primero.',
  },
  /** An operator acts on an account its owner deleted. */
  ACCOUNT_DELETED: { status: 409, message: 'Esta cuenta fue eliminada por su titular.' },
  /** Approving a driver whose mobile nobody confirmed: passengers would call a number that may not be theirs. */
  DRIVER_PHONE_NOT_VERIFIED: {
    status: 409,
    message: 'Este conductor aún no verificó su celular. Pídele que lo verifique desde su perfil antes de aprobarlo.',
  },

  // --- phone verification by SMS code (asking too soon for another code is a RATE_LIMITED saying how long) ---
  PHONE_MISSING: { status: 409, message: 'Agrega tu número de celular en tu perfil para verificarlo.' },
  PHONE_ALREADY_VERIFIED: { status: 409, message: 'Tu celular ya está verificado.' },
  PHONE_CODE_NOT_REQUESTED: { status: 409, message: 'Primero pide un código: toca "Enviar código".' },
  /** The message says how many tries are left: 'El código no es correcto. Te quedan 3 intentos.' */
  PHONE_CODE_WRONG: { status: 400, message: 'El código no es correcto.' },
  PHONE_CODE_EXPIRED: { status: 409, message: 'El código venció. Pide uno nuevo.' },
  PHONE_CODE_LOCKED: {
    status: 409,
    message: 'Ingresaste un código incorrecto demasiadas veces. Pide un código nuevo.',
  },
  /** The SMS provider refused or did not answer; nothing was stored, so asking again is allowed at once. */
  SMS_NOT_SENT: { status: 502, message: 'No pudimos enviar el SMS. Inténtalo de nuevo en unos minutos.' },
  // --- passwords: the reset link sent by e-mail, the change made knowing the current one ---
  /** No link of ours has this token (mistyped, cut short, or made up). */
  RESET_LINK_INVALID: {
    status: 400,
    message: 'Este enlace para restablecer la contraseña no es válido. Revisa que esté completo o pide uno nuevo.',
  },
  RESET_LINK_EXPIRED: {
    status: 410,
    message: 'Este enlace venció: dura 30 minutos desde que lo pediste. Pide uno nuevo.',
  },
  RESET_LINK_USED: {
    status: 410,
    message: 'Este enlace ya se usó para cambiar la contraseña. Si necesitas cambiarla otra vez, pide uno nuevo.',
  },
  /** A newer link was asked for, or the password changed since: the message says which. */
  RESET_LINK_REPLACED: {
    status: 410,
    message: 'Pediste un enlace más reciente: usa el del último correo que te enviamos o pide uno nuevo.',
  },
  /** The field's own message goes in `fields.current_password`, under the field it is about. */
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'La contraseña actual no es correcta.' },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

export type { ErrorCode };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = fields;
  }
}
