/** The two mails about a password: the reset link, and "Tu contraseña cambió" after any change. */
import { PASSWORD_RESET_MINUTES } from '@jala/contracts';
import { formatLimaDateTime } from '@jala/domain';

import { type MailMessage, renderMail } from '../../mail';

export interface MailRecipient {
  email: string;
  firstName: string;
}

/** The app's pages the mails link to (web routes). */
export const RESET_PAGE = '/restablecer-contrasena';
export const FORGOT_PAGE = '/recuperar-contrasena';

export function resetLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PAGE}?token=${token}`;
}

export function passwordResetMail(to: MailRecipient, link: string): MailMessage {
  return renderMail({
    to: to.email,
    subject: 'Restablece tu contraseña de Jala',
    greeting: `Hola, ${to.firstName}:`,
    paragraphs: [
      `Recibimos un pedido para restablecer la contraseña de tu cuenta de Jala (${to.email}).`,
      `Para elegir una nueva contraseña, abre el enlace de abajo. Vale ${PASSWORD_RESET_MINUTES} minutos y sirve una sola vez; si pides otro, este deja de funcionar.`,
    ],
    action: { label: 'Elegir una nueva contraseña', url: link },
    closing: [
      'Si no lo pediste, ignora este correo: tu contraseña seguirá siendo la misma.',
      'Nunca te pediremos tu contraseña por correo, teléfono ni WhatsApp.',
    ],
  });
}

/** `how`: 'reset' (every session was closed) or 'change' (the session that changed it stays open). */
export function passwordChangedMail(
  to: MailRecipient,
  details: { how: 'reset' | 'change'; at: Date; publicUrl: string },
): MailMessage {
  return renderMail({
    to: to.email,
    subject: 'Tu contraseña cambió',
    greeting: `Hola, ${to.firstName}:`,
    paragraphs: [
      `La contraseña de tu cuenta de Jala (${to.email}) cambió el ${formatLimaDateTime(details.at)} (hora de Lima).`,
      details.how === 'reset'
        ? 'Cerramos todas las sesiones abiertas de tu cuenta: inicia sesión de nuevo con tu nueva contraseña en cada dispositivo.'
        : 'Cerramos tus otras sesiones abiertas; el dispositivo donde la cambiaste sigue con la sesión iniciada.',
      'Si fuiste tú, no tienes que hacer nada más.',
      '¿No fuiste tú? Alguien más podría conocer tu contraseña: restablécela ahora y revisa tus viajes recientes.',
    ],
    action: { label: 'Restablecer mi contraseña', url: `${details.publicUrl}${FORGOT_PAGE}` },
  });
}
