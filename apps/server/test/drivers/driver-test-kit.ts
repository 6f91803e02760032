/** Shared set-up for the driver workspace tests: a driver account made through the real API. */
import { api, registerUser } from '../support/http';

export const VALID_PROFILE = {
  license_number: 'Q12345678',
  license_expiry_date: '2030-06-30',
  emergency_contact_name: 'Rosa Vargas',
  emergency_contact_phone: '912 345 678',
  search_radius_km: 5,
};

let plateCounter = 0;
/** A plate no other test uses: 'T' + 6 base-36 characters. */
export function uniquePlate(prefix = 'T'): string {
  plateCounter += 1;
  const tail = `${Date.now().toString(36)}${plateCounter.toString(36)}`.slice(-6).toUpperCase();
  return `${prefix}${tail}`.slice(0, 10);
}

let licenseCounter = 0;
export function uniqueLicense(): string {
  licenseCounter += 1;
  return `Q${(Date.now() % 10_000_000).toString().padStart(7, '0')}${licenseCounter}`.slice(0, 20);
}

export function vehicleBody(overrides: Record<string, unknown> = {}) {
  return {
    vehicle_type: 'auto',
    brand: 'Toyota',
    model: 'Yaris',
    license_plate: uniquePlate(),
    color: 'Blanco',
    ...overrides,
  };
}

/** A user signed up as 'driver' (no profile yet). */
export async function signUpDriver(baseUrl: string) {
  const user = await registerUser(baseUrl, { user_type: 'driver' });
  return { token: user.token, id: user.user.id, email: user.user.email };
}

/** A 'driver' user with a profile (pending verification) created through POST /driver/profile/update. */
export async function driverWithProfile(baseUrl: string) {
  const driver = await signUpDriver(baseUrl);
  const res = await api(baseUrl, 'POST', '/driver/profile/update', {
    token: driver.token,
    body: { ...VALID_PROFILE, license_number: uniqueLicense() },
  });
  if (res.status !== 201) throw new Error(`profile creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return driver;
}

/** A driver with a profile and one active vehicle (offline). */
export async function driverWithVehicle(baseUrl: string, vehicle: Record<string, unknown> = {}) {
  const driver = await driverWithProfile(baseUrl);
  const res = await api<{ id: number }>(baseUrl, 'POST', '/driver/vehicles/add', {
    token: driver.token,
    body: vehicleBody(vehicle),
  });
  if (res.status !== 201) throw new Error(`vehicle creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...driver, vehicleId: res.body.data.id };
}
