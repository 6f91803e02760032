/**
 * OSRM returns maneuvers (type + modifier), not sentences; these are the Spanish sentences, in the
 * register Peruvian drivers see in other apps ('Gira a la derecha hacia Av. Arequipa').
 */
export interface OsrmManeuver {
  type: string;
  modifier?: string | undefined;
  exit?: number | undefined;
}

const MODIFIER_ES: Record<string, string> = {
  left: 'a la izquierda',
  right: 'a la derecha',
  'sharp left': 'bruscamente a la izquierda',
  'sharp right': 'bruscamente a la derecha',
  'slight left': 'ligeramente a la izquierda',
  'slight right': 'ligeramente a la derecha',
  straight: 'recto',
  uturn: 'en U',
};

/** Joins the non-empty pieces with single spaces. */
const sentence = (...parts: (string | false | undefined)[]): string => parts.filter(Boolean).join(' ');

export interface InstructionContext {
  /** Spanish compass word of the first bearing, for the departure sentence. */
  compass: string;
  isLastLeg: boolean;
}

export function osrmInstruction(maneuver: OsrmManeuver, roadName: string, context: InstructionContext): string {
  const modifier = maneuver.modifier ? MODIFIER_ES[maneuver.modifier] : undefined;
  const onto = roadName !== '' && `hacia ${roadName}`;
  const along = roadName !== '' && `por ${roadName}`;
  switch (maneuver.type) {
    case 'depart':
      return sentence(`Dirígete al ${context.compass}`, along);
    case 'arrive':
      return context.isLastLeg ? 'Llegaste a tu destino' : 'Llegaste a la parada';
    case 'turn':
      return modifier === 'recto' ? sentence('Sigue recto', along) : sentence('Gira', modifier, onto);
    case 'continue':
      return sentence('Continúa', modifier ?? 'recto', along);
    case 'merge':
      return sentence('Incorpórate', modifier, onto);
    case 'on ramp':
      return sentence('Toma la rampa', modifier, onto);
    case 'off ramp':
      return sentence('Toma la salida', modifier, onto);
    case 'fork':
      return sentence('En la bifurcación, mantente', modifier, onto);
    case 'end of road':
      return sentence('Al final de la vía, gira', modifier, onto);
    case 'roundabout':
    case 'rotary':
      return maneuver.exit
        ? sentence(`En la rotonda, toma la ${maneuver.exit}.ª salida`, onto)
        : sentence('Entra a la rotonda', onto);
    case 'exit roundabout':
    case 'exit rotary':
      return sentence('Sal de la rotonda', onto);
    default:
      // 'new name', 'notification' and types added by future OSRM versions.
      return sentence('Continúa', along);
  }
}
