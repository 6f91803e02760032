import { describe, expect, it } from 'vitest';

import { formatDistance, formatDuration } from '../../src/geo/geo-format';
import { htmlToPlainText } from '../../src/geo/html-text';
import { normalizeText } from '../../src/geo/text-normalize';

describe('Spanish distance and duration texts', () => {
  it('writes kilometres with one decimal and a point, metres below 1 km', () => {
    expect(formatDistance(5234)).toEqual({ text: '5.2 km', value: 5234 });
    expect(formatDistance(850.4)).toEqual({ text: '850 m', value: 850 });
    expect(formatDistance(1000)).toEqual({ text: '1.0 km', value: 1000 });
    expect(formatDistance(1_010_000).text).toBe('1010 km');
  });

  it('writes minutes, then hours and minutes', () => {
    expect(formatDuration(14 * 60)).toEqual({ text: '14 min', value: 840 });
    expect(formatDuration(20)).toEqual({ text: '1 min', value: 20 });
    expect(formatDuration(0).text).toBe('0 min');
    expect(formatDuration(65 * 60).text).toBe('1 h 5 min');
    expect(formatDuration(120 * 60).text).toBe('2 h');
  });
});

describe('search text normalization', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalizeText('  Aeropuerto Jorge CHÁVEZ ')).toBe('aeropuerto jorge chavez');
    expect(normalizeText('Av. Núñez-de Balboa')).toBe('av nunez de balboa');
    expect(normalizeText('Peñaloza')).toBe('penaloza');
  });
});

describe('provider HTML instructions as plain text', () => {
  it('drops tags, turns trailing notes into a sentence and decodes entities', () => {
    expect(
      htmlToPlainText(
        'Gira a la <b>izquierda</b> hacia <b>Av. Elmer Faucett</b><div style="font-size:0.9em">El destino está a la derecha.</div>',
      ),
    ).toBe('Gira a la izquierda hacia Av. Elmer Faucett. El destino está a la derecha.');
    expect(htmlToPlainText('Toma <b>Jr. Uni&oacute;n</b> &amp; sigue&nbsp;recto &#8594;')).toBe(
      'Toma Jr. Unión & sigue recto →',
    );
  });
});
