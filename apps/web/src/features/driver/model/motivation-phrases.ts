import { MOTIVATION_PHRASE_COUNT } from '@jala/domain';

/** The dashboard's motivational messages (spec §2, §9: 10 phrases, one every 30 minutes). */
export const MOTIVATION_PHRASES: readonly string[] = Object.freeze([
  'Cada viaje te acerca a tus metas. ¡Vamos por más!',
  'La puntualidad es tu mejor carta de presentación.',
  'Un saludo amable convierte un viaje en una gran experiencia.',
  'Maneja con calma: la seguridad también suma ganancias.',
  'Los mejores conductores escuchan a sus pasajeros.',
  'Hoy es un buen día para superar tu récord.',
  'Un vehículo limpio invita a volver a viajar contigo.',
  'Conéctate en las horas punta y multiplica tus viajes.',
  'Tu esfuerzo mueve a Lima y a todo el Perú.',
  'Descansa cuando lo necesites: un conductor atento rinde más.',
]);

if (MOTIVATION_PHRASES.length !== MOTIVATION_PHRASE_COUNT) {
  throw new Error(`Expected ${MOTIVATION_PHRASE_COUNT} motivational phrases`);
}
