import { HISTORY_MESSAGE_COUNT } from '@jala/domain';

/** The 12 patriotic messages of the history page (spec §2), one every 20 s. */
export const HISTORY_MESSAGES: readonly string[] = Object.freeze([
  '¡Viva el Perú! Gracias por moverte con nosotros.',
  'De la costa a la Amazonía, el Perú se mueve contigo.',
  'Firme y feliz por la unión: juntos llegamos más lejos.',
  'Somos libres: viaja seguro y al precio justo.',
  'Orgullo peruano en cada kilómetro recorrido.',
  'Como Machu Picchu, tu confianza es nuestra maravilla.',
  'La garra peruana también se nota al volante.',
  'Del Callao al Cusco, cada viaje cuenta una historia peruana.',
  'El Perú es grande porque su gente avanza unida.',
  'Rojo y blanco en el corazón, Jala en tu camino.',
  'En cada viaje apoyas a conductores peruanos. ¡Gracias!',
  'Contigo, Perú, hasta el último rincón del país.',
]);

if (HISTORY_MESSAGES.length !== HISTORY_MESSAGE_COUNT)
  throw new Error('HISTORY_MESSAGES must hold HISTORY_MESSAGE_COUNT messages');
