import { MARKER_DROP_MS } from '@jala/domain';
import { type DivIcon, divIcon } from 'leaflet';

/** Pin markers drawn with HTML/CSS (no image files): blue origin, red destination, dropping in over 800 ms. */
function pinIcon(kind: 'origin' | 'destination'): DivIcon {
  return divIcon({
    className: `jala-pin jala-pin--${kind}`,
    html: `<span class="jala-pin__body" style="animation-duration:${MARKER_DROP_MS}ms"><span class="jala-pin__dot"></span></span>`,
    iconSize: [30, 40],
    iconAnchor: [15, 40],
  });
}

export const originIcon = pinIcon('origin');
export const destinationIcon = pinIcon('destination');

const CAR_SVG =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M5 11 6.6 6.5A2 2 0 0 1 8.5 5h7a2 2 0 0 1 1.9 1.5L19 11a2 2 0 0 1 2 2v4a1 1 0 0 1-1 1h-1a2 2 0 0 1-4 0H9a2 2 0 0 1-4 0H4a1 1 0 0 1-1-1v-4a2 2 0 0 1 2-2Zm2.1 0h9.8l-1.2-3.5a.7.7 0 0 0-.7-.5H9a.7.7 0 0 0-.7.5L7.1 11ZM7 15.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm10 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z"/></svg>';

export const driverIcon = divIcon({
  className: 'jala-driver-marker',
  html: `<span class="jala-driver-marker__body">${CAR_SVG}</span>`,
  iconSize: [36, 36],
  iconAnchor: [18, 18],
});

export const userIcon = divIcon({
  className: 'jala-user-marker',
  html: '<span class="jala-user-marker__dot"></span>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
});
