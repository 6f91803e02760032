/**
 * Fallback texts of spec §8 'Driver' and 'Earnings': used when the server sends no message. The earnings
 * call-level texts are English in the spec; they stay on the error `code` for logs while the user reads the
 * Spanish page-level text.
 */
export const DRIVER_ERRORS = {
  dashboard: 'Error al cargar dashboard',
  stats: 'Error al obtener estadísticas',
  profile: 'Error al obtener perfil',
  updateProfile: 'Error al actualizar perfil',
  vehicles: 'Error al obtener vehículos',
  addVehicle: 'Error al agregar vehículo',
  updateVehicle: 'Error al actualizar vehículo',
  registerDriver: 'Error al registrar conductor',
  registerAsDriver: 'Error al registrar como conductor',
  status: 'Error obteniendo status',
  statusVehicles: 'Error obteniendo vehículos',
  updateStatus: 'Error actualizando estado',
  tripHistory: 'No se pudo cargar tu historial de viajes',
} as const;

export const EARNINGS_ERRORS = {
  summaryCode: 'Error fetching summary',
  recordsCode: 'Error fetching records',
  summary: 'Error al cargar resumen',
  records: 'Error al cargar historial',
} as const;
