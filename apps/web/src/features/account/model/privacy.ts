import { type LegalText, PRIVACY_CONTACT_EMAIL } from './legal-document';

/** 'Política de privacidad' under the Ley 29733 (version: the domain's LEGAL_VERSION, shown on the page). */
export const PRIVACY: LegalText = {
  title: 'Política de privacidad',
  summary:
    'Qué datos personales trata Jala, para qué, cuánto tiempo los guarda y cómo ejerces tus derechos, conforme a la Ley 29733, Ley de Protección de Datos Personales, y su reglamento.',
  sections: [
    {
      title: 'Quién trata tus datos',
      body: [
        `El titular de los bancos de datos de usuarios de Jala es el operador de la plataforma Jala, con quien te comunicas en ${PRIVACY_CONTACT_EMAIL}. Los bancos de datos se inscriben en el Registro Nacional de Protección de Datos Personales.`,
      ],
    },
    {
      title: 'Qué datos tratamos',
      body: [
        [
          'Tu cuenta: nombre, apellido, correo, celular, contraseña (guardada cifrada, nunca en texto) y tus contactos de emergencia y de confianza.',
          'Tus viajes: direcciones y coordenadas de recojo y destino, fechas, precios, ofertas, ajustes, método y estado del pago, el chat con el conductor o el pasajero, y las calificaciones.',
          'Tu ubicación: la del pasajero al pedir un viaje si la comparte, y la del conductor mientras está conectado o en un viaje.',
          'Si conduces: licencia, SOAT, tarjeta de propiedad, foto del vehículo y tu foto, tus vehículos, tu número de Yape o Plin y tus horas conectado.',
          'Tus dispositivos: las sesiones abiertas con el tipo de navegador y cuándo se usaron, y las suscripciones de notificaciones.',
          'Las alertas SOS y los casos de pago que revisan los operadores.',
        ],
      ],
    },
    {
      title: 'Para qué los usamos',
      body: [
        [
          'Para prestar el servicio: conectar pasajeros y conductores, mostrar a cada uno lo que necesita del otro (nombre, calificación, vehículo y placa, y solo durante el viaje la ubicación y el número de Yape o Plin del conductor), y emitir tus recibos.',
          'Para tu seguridad: verificar a los conductores, el código de inicio, compartir viajes, atender alertas SOS y revisar reclamos.',
          'Para cumplir obligaciones legales, tributarias y contables.',
          'Para avisarte de tus viajes por notificaciones, que puedes desactivar por tipo en tu perfil.',
        ],
        'No vendemos tus datos ni los usamos para publicidad de terceros.',
      ],
    },
    {
      title: 'Tu consentimiento',
      body: [
        'Al crear tu cuenta aceptas esta política y los términos y condiciones. Guardamos qué versión aceptaste y cuándo. Si cambian, te pediremos aceptar la nueva versión antes de seguir usando la app.',
      ],
    },
    {
      title: 'Con quién los compartimos',
      body: [
        [
          'Con la otra parte de tu viaje, solo lo necesario para el viaje (arriba).',
          'Con los operadores de Jala, que verifican documentos, atienden alertas y resuelven casos.',
          'Con proveedores que nos ayudan a operar: el servicio de notificaciones de tu navegador (Google, Apple o Mozilla), el proveedor de mapas y, si se usa, el almacenamiento de documentos. Algunos están fuera del Perú; solo reciben lo necesario para su tarea y con las garantías que exige la ley.',
          'Con autoridades, cuando una ley o una orden judicial lo exige.',
        ],
      ],
    },
    {
      title: 'Cuánto tiempo los guardamos',
      body: [
        [
          'Mientras tu cuenta exista, lo necesario para prestarte el servicio.',
          'Si eliminas tu cuenta, borramos de inmediato tus sesiones, dispositivos, lugares guardados, contactos de confianza, tu foto y tus documentos de conductor, tus mensajes del chat y los comentarios de las calificaciones.',
          'Tus viajes, recibos, ganancias y los puntajes de las calificaciones se conservan, sin tu nombre, correo ni celular («Usuario eliminado»), porque son también el registro de la otra persona y porque las normas tributarias y contables exigen conservarlos (al menos cinco años). Las alertas SOS y los casos de pago se conservan por el mismo plazo por razones de seguridad y de reclamos.',
        ],
      ],
    },
    {
      title: 'Tus derechos (ARCO)',
      body: [
        [
          'Acceso: «Descargar mis datos» en tu perfil te da en un archivo todo lo que guardamos de ti.',
          'Rectificación: corrige tus datos en «Editar perfil».',
          'Cancelación: «Eliminar mi cuenta» en tu perfil.',
          `Oposición: desactiva las notificaciones que no quieras, o escríbenos a ${PRIVACY_CONTACT_EMAIL}.`,
        ],
        'Respondemos en los plazos de la ley. Si no estás conforme con nuestra respuesta, puedes acudir a la Autoridad Nacional de Protección de Datos Personales del Ministerio de Justicia y Derechos Humanos.',
      ],
    },
    {
      title: 'Cómo los protegemos',
      body: [
        'Las contraseñas se guardan cifradas, la conexión va cifrada, los documentos de los conductores solo los ven ellos y los operadores, y cada persona solo puede ver sus propios viajes. Tu sesión se guarda en tu navegador; cierra sesión en los teléfonos que no son tuyos.',
      ],
    },
  ],
};
