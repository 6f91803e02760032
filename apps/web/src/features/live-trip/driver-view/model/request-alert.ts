import type { DriverTripRequest } from '@jala/contracts';

/**
 * The cue of a new request on 'Solicitudes de Viaje': a short two-note chime made with WebAudio (no audio
 * file to download or cache) and a vibration. Browsers without either simply skip it.
 */

/** Ids in `requests` that `seen` does not hold yet (the requests that just arrived). */
export function newRequestIds(seen: ReadonlySet<number>, requests: readonly DriverTripRequest[]): number[] {
  return requests.filter((request) => !seen.has(request.id)).map((request) => request.id);
}

/** Requests still waiting for this driver's answer: the count in the tab title. */
export const unansweredCount = (requests: readonly DriverTripRequest[]): number =>
  requests.filter((request) => request.my_offer_price === null).length;

export const REQUEST_VIBRATION_MS = [180, 90, 180];
/** Two rising notes (Hz) and how long each sounds (s): noticeable through traffic, over in a third of a second. */
const NOTES = [880, 1318.5];
const NOTE_SECONDS = 0.14;

let audio: AudioContext | null = null;

function chime(): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  audio ??= new Context();
  const context = audio;
  // Suspended until the page has had a tap (autoplay rules); the driver has tapped their way here.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const start = context.currentTime + 0.01;
  NOTES.forEach((frequency, index) => {
    const at = start + index * NOTE_SECONDS;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // A quick attack and decay: no click at the start or end of the note.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + NOTE_SECONDS + 0.02);
  });
}

export function playNewRequestAlert(): void {
  try {
    chime();
  } catch (error) {
    console.info('[request-alert] no sound', error);
  }
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
    navigator.vibrate(REQUEST_VIBRATION_MS);
}
