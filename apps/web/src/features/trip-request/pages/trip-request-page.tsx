import { AppLayout } from '@/components/layout/app-layout';

import { TripRequestScreen } from '../components/trip-request-screen';
import { TripRequestProvider } from '../model/trip-request-context';

/** Request a trip: full-screen map with the 4-step form of spec §2 (features/trip-request). */
export function PassengerTripRequestPage() {
  return (
    <AppLayout title="Solicitar viaje" back={{ to: '/dashboard', label: 'Dashboard', name: 'Volver al inicio' }}>
      <TripRequestProvider>
        <TripRequestScreen />
      </TripRequestProvider>
    </AppLayout>
  );
}
