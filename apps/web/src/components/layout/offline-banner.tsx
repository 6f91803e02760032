import { useConnectivity } from '@/lib/realtime/connectivity';

/**
 * 'Sin conexión · mostrando lo último conocido': what the screen shows while the phone has no network, its
 * realtime link is lost, or the session runs on what this device remembered (no signal at start), is the last
 * known state (kept answers, paused queries). It goes away by itself, with the header's 'Jala Off', when the
 * network and the link are back.
 */
export function OfflineBanner() {
  // The same state as the header's 'Jala Online' / 'Jala Off' pill, so both change together.
  if (useConnectivity() !== 'offline') return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      <strong>Sin conexión · mostrando lo último conocido</strong>
      <span>Se actualiza solo cuando vuelva la señal.</span>
    </p>
  );
}
