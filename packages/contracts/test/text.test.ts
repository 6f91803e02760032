import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  BIDI_CONTROLS_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  hasBidiControls,
  ID_MAX,
  isCleanText,
  zChatMessage,
  zCreateTripRequest,
  zId,
  zRejectRequest,
  zText,
} from '../src';

describe('zText', () => {
  it('refuses every C0 control character and DEL with the Spanish message', () => {
    const schema = zText().max(50);
    for (let code = 0; code < 0x20; code++) {
      const result = schema.safeParse(`a${String.fromCharCode(code)}b`);
      expect(result.success, `U+${code.toString(16)}`).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    expect(schema.safeParse('a\u007Fb').success).toBe(false);
  });

  it('refuses bidirectional embeddings, overrides and isolates with their own Spanish message, in every field', () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const schema of [zText(), zText({ multiline: true })]) {
      for (const code of controls) {
        const result = schema.safeParse(`Ana ${String.fromCharCode(code)}zeréP`);
        expect(result.success, `U+${code.toString(16)}`).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(BIDI_CONTROLS_MESSAGE);
      }
    }
    expect(
      zChatMessage.safeParse({
        sender: 1,
        role: 'driver',
        message: 'placa \u202EABC-123',
        timestamp: '2026-01-01T00:00:00Z',
      }).success,
    ).toBe(false);
    // Right-to-left scripts and the plain direction marks stay allowed.
    expect(zText().parse('ليلى \u200Fשרה')).toBe('ليلى \u200Fשרה');
  });

  it('lets multiline fields keep tab and line breaks, never NUL', () => {
    const notes = zText({ multiline: true });
    expect(notes.parse(' Puerta azul\n\ttocar dos veces\r\n ')).toBe('Puerta azul\n\ttocar dos veces');
    expect(notes.safeParse('a\u0000b').success).toBe(false);
    expect(notes.safeParse('a\u001Bb').success).toBe(false);
  });

  it('accepts any text without control characters (accents, emoji, symbols)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(isCleanText(text) && !hasBidiControls(text));
        expect(zText({ trim: false }).safeParse(text).success).toBe(true);
      }),
    );
    expect(zText().parse('  Ñaña Pérez 🚕 ')).toBe('Ñaña Pérez 🚕');
  });

  it('is applied to request fields: trips, rejections and chat refuse NUL', () => {
    const trip = {
      pickup_latitude: -12.1211,
      pickup_longitude: -77.0297,
      pickup_address: 'Parque\u0000Kennedy',
      destination_latitude: -12.0859,
      destination_longitude: -76.9773,
      destination_address: 'Jockey Plaza',
      service_type_id: 2,
    };
    expect(zCreateTripRequest.safeParse(trip).success).toBe(false);
    expect(zRejectRequest.safeParse({ trip_request_id: 1, reason: 'no\u0000' }).success).toBe(false);
    expect(
      zChatMessage.safeParse({ sender: 1, role: 'driver', message: 'hola\u0000', timestamp: '2026-01-01T00:00:00Z' })
        .success,
    ).toBe(false);
    expect(
      zChatMessage.safeParse({
        sender: 1,
        role: 'driver',
        message: 'hola\nya llego',
        timestamp: '2026-01-01T00:00:00Z',
      }).success,
    ).toBe(true);
  });
});

describe('zId', () => {
  it('bounds body ids like path ids', () => {
    expect(zId().safeParse(ID_MAX).success).toBe(true);
    for (const bad of [ID_MAX + 1, 0, -1, 1.5, 2 ** 53, '1']) expect(zId().safeParse(bad).success).toBe(false);
    expect(zRejectRequest.safeParse({ trip_request_id: 2 ** 31 }).success).toBe(false);
  });
});
