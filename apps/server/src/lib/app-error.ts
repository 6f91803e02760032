/**
 * The one catalogue of errors the API returns: a stable code, its HTTP status and the Spanish message
 * the user reads. Services throw `new AppError('CODE')`; the error handler turns it into the envelope.
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
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

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
