import { describe, expect, it } from 'vitest';

import {
  arrivalTooFarMessage,
  etaMinutes,
  formatDistance,
  isStartCodeShape,
  shareTripMessage,
  sosMessage,
  whatsappShareUrl,
} from '../src/people/safety';

describe('safety rules', () => {
  it('formats distances in metres under a kilometre, else kilometres with one decimal', () => {
    expect(formatDistance(180.4)).toBe('180 m');
    expect(formatDistance(999)).toBe('999 m');
    expect(formatDistance(1302)).toBe('1.3 km');
  });

  it('says how far the driver still is and how close they must get', () => {
    expect(arrivalTooFarMessage(1302, 250)).toBe(
      'Aún estás a 1.3 km del punto de recojo. Acércate a menos de 250 m para marcar tu llegada.',
    );
  });

  it('accepts exactly four digits as a start code', () => {
    expect(['0427', '9999'].every(isStartCodeShape)).toBe(true);
    expect(['427', '04271', '04a7', ' 0427', '٠٤٢٧'].some(isStartCodeShape)).toBe(false);
  });

  it('estimates minutes at city speed, at least one', () => {
    expect(etaMinutes(0)).toBe(1);
    expect(etaMinutes(11)).toBe(30);
  });

  it("builds WhatsApp links with Peru's prefix for a mobile, or to any chat without one", () => {
    expect(whatsappShareUrl('987 654 321', shareTripMessage('https://jala.pe/compartir/abc'))).toBe(
      'https://wa.me/51987654321?text=Sigue%20mi%20viaje%20en%20Jala%20en%20vivo%3A%20https%3A%2F%2Fjala.pe%2Fcompartir%2Fabc',
    );
    expect(whatsappShareUrl(null, sosMessage('u'))).toMatch(/^https:\/\/wa\.me\/\?text=%C2%A1Emergencia!/);
  });
});
