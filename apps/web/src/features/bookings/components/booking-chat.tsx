import { TripChatPanel } from '@/features/live-trip';
import { useSession } from '@/lib/session-store';

/**
 * The chat with the other party of a confirmed booking, before it starts: the live trip's own
 * conversation (chat/{trip}/{driver} and its history), open to the passenger and the confirmed driver only.
 */
export function BookingChat({
  tripId,
  driverId,
  role,
  peerName,
}: {
  tripId: number;
  driverId: number;
  role: 'passenger' | 'driver';
  peerName: string;
}) {
  const userId = useSession((s) => s.user?.id ?? null);
  return <TripChatPanel tripId={tripId} driverId={driverId} role={role} userId={userId} peerName={peerName} />;
}
