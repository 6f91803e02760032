import { type LegalText, PRIVACY_CONTACT_EMAIL } from './legal-document';

/** 'Términos y condiciones' (version: the domain's LEGAL_VERSION, shown on the page). */
export const TERMS: LegalText = {
  title: 'Términos y condiciones',
  summary:
    'Las reglas para usar Jala como pasajero o como conductor. Al crear tu cuenta, o al aceptarlas cuando cambian, las aceptas.',
  sections: [
    {
      title: 'Qué es Jala',
      body: [
        'Jala es una plataforma tecnológica que conecta a pasajeros que necesitan un viaje en Perú con conductores independientes de mototaxi y auto. El pasajero propone un precio, los conductores responden con ofertas y el pasajero elige una.',
        'Jala no es una empresa de transporte ni emplea a los conductores: cada conductor presta el servicio por su cuenta y es responsable de contar con las licencias, el SOAT y los permisos que exige la ley y la municipalidad donde trabaja.',
      ],
    },
    {
      title: 'Tu cuenta',
      body: [
        [
          'Debes ser mayor de 18 años y dar datos verdaderos: nombre, correo y celular.',
          'La cuenta es personal. Cuida tu contraseña; si usas un teléfono compartido, cierra sesión al terminar. En «Sesiones abiertas» ves y cierras las sesiones de tus otros dispositivos.',
          'Puedes descargar tus datos o eliminar tu cuenta cuando quieras desde tu perfil.',
        ],
      ],
    },
    {
      title: 'El precio y el pago',
      body: [
        'El precio que aceptas al elegir una oferta es el precio del viaje. Solo cambia si el conductor pide un ajuste (una parada extra, tiempo de espera o peajes) y tú lo aceptas en la app.',
        'Pagas directamente al conductor, en efectivo, Yape o Plin, según el método que elegiste al pedir el viaje y que el conductor acepta. Jala no cobra ni guarda el dinero del viaje.',
        'Si marcas «Ya pagué» sin haber pagado, o si un conductor dice que no recibió un pago que sí recibió, el caso lo revisa un operador de Jala y puede suspender la cuenta de quien no dijo la verdad.',
      ],
    },
    {
      title: 'Cancelaciones y viajes programados',
      body: [
        'Puedes cancelar un viaje antes de que empiece. Las cancelaciones frecuentes o de último momento de un viaje programado quedan registradas, y en el caso de los conductores cuentan en su tasa de finalización.',
        'Una solicitud que ningún conductor acepta a tiempo vence sola.',
      ],
    },
    {
      title: 'Seguridad',
      body: [
        [
          'El viaje empieza solo cuando el pasajero le dice al conductor su código de 4 dígitos.',
          'Puedes compartir tu viaje en vivo con tus contactos de confianza.',
          'El botón SOS avisa a los operadores de Jala con tu ubicación. En una emergencia llama también al 105 (Policía) o al 116 (Bomberos).',
        ],
      ],
    },
    {
      title: 'Lo que no está permitido',
      body: [
        [
          'Maltratar, acosar o discriminar a otra persona, en el viaje o en el chat.',
          'Usar la cuenta de otra persona, o compartir la tuya.',
          'Pedir o aceptar viajes para actividades ilegales, o transportar objetos prohibidos.',
          'Manipular calificaciones, precios o la ubicación que envía la app.',
          'Usar la app de forma automatizada o intentar acceder a datos de otras personas.',
        ],
        'Si no cumples estas reglas, Jala puede suspender tu cuenta. Te diremos el motivo al iniciar sesión y puedes escribirnos para pedir que lo revisemos.',
      ],
    },
    {
      title: 'Calificaciones',
      body: [
        'Después de cada viaje completado, pasajero y conductor pueden calificarse de 1 a 5. El promedio es visible para la otra parte en viajes futuros. Califica con honestidad y respeto.',
      ],
    },
    {
      title: 'Responsabilidad',
      body: [
        'Jala se esfuerza por que la app funcione bien y por verificar los documentos de los conductores, pero no garantiza que siempre haya conductores disponibles ni que la app funcione sin interrupciones. El conductor responde por la prestación del servicio de transporte.',
        'Nada de estos términos limita los derechos que te reconoce el Código de Protección y Defensa del Consumidor (Ley 29571).',
      ],
    },
    {
      title: 'Tus datos',
      body: [
        'Cómo usamos y protegemos tus datos personales se explica en la Política de privacidad, que forma parte de estos términos.',
      ],
    },
    {
      title: 'Cambios a estos términos',
      body: [
        'Si cambiamos estos términos publicaremos la nueva versión con su fecha. La próxima vez que entres a la app te pediremos aceptarla antes de continuar; si no estás de acuerdo, puedes eliminar tu cuenta.',
      ],
    },
    {
      title: 'Reclamos, ley aplicable y contacto',
      body: [
        `Puedes escribirnos a ${PRIVACY_CONTACT_EMAIL}. También tienes a tu disposición el Libro de Reclamaciones y la vía ante el INDECOPI.`,
        'Estos términos se rigen por las leyes de la República del Perú.',
      ],
    },
  ],
};
