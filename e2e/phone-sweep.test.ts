/**
 * The phone-first sweep: every route of the spec's route table, plus the receipt, the public share page and
 * the operators' console, for each role, in the states that matter (empty, loaded with long real-world
 * strings, error, every validation message shown, menus and sheets open), at 360×740 in Chromium. A scene
 * fails when the page is wider than the phone, axe-core finds a serious or critical violation, a tappable
 * control is smaller than 44×44 px, a floating control (SOS) hides text the user would read, or a chosen
 * control (filter pill, switch, chip, bottom-navigation item) looks like an unchosen one (`selection`).
 *
 * To cover a new screen, add a row to SCENES (and, if it needs one, an account or record to sweep-seed.ts).
 * Screenshots: e2e/screenshots/sweep/<scene>.png (kept as CI artifacts, see README).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { DatabaseHandle } from '@jala/db';
import { LEGAL_VERSION } from '@jala/domain';
import { FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONSENT_LABEL } from '../apps/web/src/features/account/model/consent';
import { animationsSettled, baseUrl, launchBrowser, phoneContext, SCREENSHOT_DIR } from './support/browser';
import { openE2eDatabase } from './support/database';
import {
  axeViolations,
  coveredByFloating,
  horizontalOverflow,
  outOfSight,
  smallTapTargets,
} from './support/phone-checks';
import { openProfileMenu } from './support/session';
import { LONG, seedSweep, type SweepAccounts, type SweepSeed } from './support/sweep-seed';

export const SWEEP_SCREENSHOT_DIR = join(SCREENSHOT_DIR, 'sweep');

/** Who looks at the screen: a visitor (no session) or one of the seeded accounts. */
type Role = 'visitor' | keyof SweepAccounts;

interface Scene {
  /** Test title and screenshot file name. */
  name: string;
  as: Role;
  /** Where to go; a function when the address holds something seeded (a trip id, a share token). */
  path: string | ((seed: SweepSeed) => string);
  /** Text (or pattern) on screen once the state is reached. */
  ready: string | RegExp;
  /** `ready` is a message the user must see without scrolling (an error, a question, a menu). */
  inSight?: true;
  /** Brings the screen to the state: submit an empty form, open a menu or a sheet. */
  act?: (page: Page) => Promise<void>;
  /** Controls shown both chosen and not chosen on this screen: each pair must look different (see SelectionPair). */
  selection?: readonly SelectionPair[];
}

/**
 * A chosen control and an unchosen one of the same kind (a filter pill, a switch, a chip, a navigation item),
 * each a CSS selector whose first match is compared. They must differ in at least one of SELECTION_STYLES as
 * computed by the browser: a state told by the accessibility tree alone (aria-pressed, aria-current) is lost on
 * anyone who only looks at the phone.
 */
interface SelectionPair {
  /** What the pair is, in a failure. */
  name: string;
  selected: string;
  unselected: string;
}

const SELECTION_STYLES = ['background-color', 'border-color', 'color'] as const;

const HISTORY_PILLS: SelectionPair = {
  name: 'history status pills',
  selected: '.filter-pill[aria-pressed="true"]',
  unselected: '.filter-pill[aria-pressed="false"]',
};
const NOTIFICATION_SWITCHES: SelectionPair = {
  name: 'notification switches (the track is what shows on or off)',
  selected: '.nt-switch__input:checked + .nt-switch__track',
  unselected: '.nt-switch__input:not(:checked) + .nt-switch__track',
};
const PAYMENT_CHIPS: SelectionPair = {
  name: 'payment chips',
  selected: '.pay-chip.pay-chip--on',
  unselected: '.pay-chip:not(.pay-chip--on)',
};
const BOTTOM_NAV: SelectionPair = {
  name: 'bottom navigation items',
  selected: '.bottom-nav__item[aria-current="page"]',
  unselected: '.bottom-nav__item:not([aria-current="page"]):not(.bottom-nav__item--disabled)',
};

/** The computed SELECTION_STYLES of the first element `selector` matches, or null when nothing matches. */
async function selectionStyle(page: Page, selector: string): Promise<Record<string, string> | null> {
  const element = page.locator(selector).first();
  if ((await element.count()) === 0) return null;
  return element.evaluate(
    (node, properties) => {
      const style = getComputedStyle(node);
      return Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]));
    },
    [...SELECTION_STYLES],
  );
}

/** The scene's pairs whose chosen and unchosen controls look the same (or that are not on the screen at all). */
async function indistinctSelections(page: Page, pairs: readonly SelectionPair[]): Promise<string[]> {
  const problems: string[] = [];
  for (const pair of pairs) {
    const selected = await selectionStyle(page, pair.selected);
    const unselected = await selectionStyle(page, pair.unselected);
    if (!selected || !unselected) {
      problems.push(`${pair.name}: nothing matches ${!selected ? pair.selected : pair.unselected}`);
    } else if (SELECTION_STYLES.every((property) => selected[property] === unselected[property])) {
      problems.push(`${pair.name}: chosen and not chosen look the same (${JSON.stringify(selected)})`);
    }
  }
  return problems;
}

const submit = (label: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name: label }).last().click();
};

const receipt = (seed: SweepSeed) => `/trips/${seed.receiptTripId}/receipt`;
const consoleSection = (section: string) => `/operators?seccion=${section}`;

/** The period presets of 'Indicadores': the chosen one must look chosen. */
const KPI_PERIOD: SelectionPair = {
  name: "'Indicadores' period",
  selected: '.kpi-filters .btn[aria-pressed="true"]',
  unselected: '.kpi-filters .btn[aria-pressed="false"]',
};

const SCENES: Scene[] = [
  // Public pages.
  { name: 'login', as: 'visitor', path: '/login', ready: 'Iniciar sesión' },
  { name: 'home-is-login', as: 'visitor', path: '/', ready: 'Viaja o conduce con Jala.' },
  {
    name: 'login-validation',
    as: 'visitor',
    path: '/login',
    ready: 'El correo es obligatorio.',
    inSight: true,
    act: submit('Iniciar sesión'),
  },
  {
    name: 'login-wrong-password',
    as: 'visitor',
    path: '/login',
    ready: /incorrect|inválid/i,
    inSight: true,
    act: async (page) => {
      await page.locator('input[name="email"]').fill('nadie.con.este.correo@prueba.pe');
      await page.locator('input[name="password"]').fill('otra-clave-123');
      await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
    },
  },
  { name: 'register', as: 'visitor', path: '/register', ready: 'Crear cuenta' },
  {
    name: 'register-validation',
    as: 'visitor',
    path: '/register',
    ready: 'El nombre es obligatorio.',
    inSight: true,
    act: async (page) => {
      await page.locator('form button[type="submit"]').click();
    },
  },
  {
    // The legal documents' links and the consent checkbox, at the end of the form.
    name: 'register-consent',
    as: 'visitor',
    path: '/register',
    ready: CONSENT_LABEL,
    inSight: true,
    act: async (page) => {
      await page.getByText(CONSENT_LABEL).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'register-consent-required',
    as: 'visitor',
    path: '/register',
    ready: 'Debes aceptar los Términos y condiciones y la Política de privacidad.',
    inSight: true,
    act: async (page) => {
      await page.locator('input[name="first_name"]').fill(LONG.firstName);
      await page.locator('input[name="last_name"]').fill(LONG.lastName);
      await page.locator('input[name="email"]').fill('maria.fernanda@correo-peruano-largo.com.pe');
      await page.locator('input[name="phone"]').fill('987654321');
      await page.locator('input[name="password"]').fill('secreto123');
      await page.locator('form button[type="submit"]').click();
    },
  },
  { name: 'terms', as: 'visitor', path: '/terminos', ready: `Versión ${LEGAL_VERSION}` },
  {
    name: 'terms-end',
    as: 'visitor',
    path: '/terminos',
    ready: 'Reclamos, ley aplicable y contacto',
    act: async (page) => {
      await page.getByText('Lee también la').scrollIntoViewIfNeeded();
    },
  },
  { name: 'privacy', as: 'visitor', path: '/privacidad', ready: `Versión ${LEGAL_VERSION}` },
  {
    name: 'privacy-rights',
    as: 'visitor',
    path: '/privacidad',
    ready: 'Tus derechos (ARCO)',
    inSight: true,
    act: async (page) => {
      await page.getByRole('heading', { name: /Tus derechos \(ARCO\)/ }).scrollIntoViewIfNeeded();
    },
  },
  { name: 'not-found', as: 'visitor', path: '/no-existe/esta-pagina', ready: 'Página no encontrada' },
  // Password reset by e-mail: asking, the same confirmation for every e-mail, the mailed link's page, a dead link.
  { name: 'forgot-password', as: 'visitor', path: '/recuperar-contrasena', ready: 'Recuperar contraseña' },
  {
    name: 'forgot-password-validation',
    as: 'visitor',
    path: '/recuperar-contrasena',
    ready: 'El correo es obligatorio.',
    inSight: true,
    act: submit('Enviar enlace'),
  },
  {
    name: 'forgot-password-sent',
    as: 'visitor',
    path: '/recuperar-contrasena',
    ready: 'Revisa tu correo',
    act: async (page) => {
      await page
        .getByLabel('Correo electrónico')
        .fill(`${LONG.firstName.split(' ')[0]?.toLowerCase()}.${'x'.repeat(40)}@correo-peruano-largo.com.pe`);
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
    },
  },
  {
    name: 'reset-password-form',
    as: 'visitor',
    path: (seed) => `/restablecer-contrasena?token=${seed.resetToken}`,
    ready: 'Elige una nueva contraseña',
  },
  {
    name: 'reset-password-validation',
    as: 'visitor',
    path: (seed) => `/restablecer-contrasena?token=${seed.resetToken}`,
    ready: 'La contraseña debe tener al menos 8 caracteres.',
    inSight: true,
    act: async (page) => {
      await page.getByRole('heading', { name: 'Elige una nueva contraseña' }).waitFor();
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    },
  },
  {
    name: 'reset-password-dead-link',
    as: 'visitor',
    path: `/restablecer-contrasena?token=${'x'.repeat(43)}`,
    ready: 'Este enlace para restablecer la contraseña no es válido.',
    inSight: true,
  },
  { name: 'protected-sends-to-login', as: 'visitor', path: '/dashboard', ready: 'Iniciar sesión' },

  // Passenger with long names, a long saved place and a full history.
  {
    name: 'passenger-dashboard',
    as: 'passenger',
    path: '/passenger/dashboard',
    ready: 'Viajes Totales',
    selection: [BOTTOM_NAV],
  },
  {
    name: 'passenger-profile-menu',
    as: 'passenger',
    path: '/passenger/dashboard',
    ready: 'Cerrar sesión',
    inSight: true,
    act: async (page) => {
      await openProfileMenu(page);
    },
    selection: [BOTTOM_NAV],
  },
  { name: 'passenger-request-origin', as: 'passenger', path: '/passenger/trip-request', ready: LONG.placeName },
  {
    name: 'passenger-request-service-error',
    as: 'passenger',
    path: '/passenger/trip-request',
    ready: 'Selecciona un tipo de servicio',
    inSight: true,
    selection: [PAYMENT_CHIPS],
    act: async (page) => {
      await page.getByRole('button', { name: LONG.placeName }).click();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('button', { name: 'Trabajo' }).click();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('button', { name: 'Siguiente' }).click();
    },
  },
  {
    // The usual price (or the estimate) beside the offered price, and the far-below warning.
    name: 'passenger-request-price-warning',
    as: 'passenger',
    path: '/passenger/trip-request',
    ready: 'Muy por debajo de lo habitual: es probable que nadie acepte',
    inSight: true,
    selection: [PAYMENT_CHIPS],
    act: async (page) => {
      await page.getByRole('button', { name: LONG.placeName }).click();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('button', { name: 'Trabajo' }).click();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByLabel('Tipo de servicio').selectOption({ label: 'Auto' });
      await page.getByTestId('fare-hint').waitFor();
      await page.getByLabel('Precio que ofreces (S/)').fill('0.50');
    },
  },
  {
    name: 'passenger-profile',
    as: 'passenger',
    path: '/passenger/profile',
    ready: 'Perfil de pasajero',
    selection: [NOTIFICATION_SWITCHES],
  },
  {
    name: 'passenger-profile-validation',
    as: 'passenger',
    path: '/passenger/profile?edit=1',
    ready: 'El nombre es obligatorio.',
    inSight: true,
    act: async (page) => {
      await page.getByLabel('Nombre', { exact: true }).fill('');
      await page.getByLabel('Apellido', { exact: true }).fill('');
      await page.getByLabel('Teléfono', { exact: true }).fill('12');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
    },
  },
  {
    name: 'passenger-change-password',
    as: 'passenger',
    path: '/passenger/profile',
    ready: 'Contraseña actual',
    act: async (page) => {
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    },
  },
  {
    name: 'passenger-places',
    as: 'passenger',
    path: '/passenger/profile',
    ready: LONG.address,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Ubicaciones' }).click();
    },
  },
  {
    name: 'passenger-place-delete-question',
    as: 'passenger',
    path: '/passenger/profile',
    ready: `¿Eliminar «${LONG.placeName}»? No se puede deshacer.`,
    inSight: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Ubicaciones' }).click();
      await page.getByRole('button', { name: `Eliminar ${LONG.placeName}` }).click();
    },
  },
  {
    name: 'passenger-places-form-validation',
    as: 'passenger',
    path: '/passenger/profile',
    ready: 'Agregar ubicación',
    act: async (page) => {
      await page.getByRole('tab', { name: 'Ubicaciones' }).click();
      await page.getByRole('button', { name: 'Agregar nueva ubicación' }).click();
      await page.getByRole('button', { name: 'Agregar ubicación' }).click();
    },
  },
  {
    name: 'passenger-history',
    as: 'passenger',
    path: '/passenger/trip-history',
    ready: 'Página 1 de 2',
    selection: [HISTORY_PILLS, BOTTOM_NAV],
  },
  {
    name: 'passenger-history-all',
    as: 'passenger',
    path: '/passenger/trip-history',
    ready: 'Página 1 de 3',
    act: async (page) => {
      await page.getByRole('button', { name: 'Todos', exact: true }).click();
    },
    selection: [HISTORY_PILLS, BOTTOM_NAV],
  },
  {
    name: 'passenger-history-detail',
    as: 'passenger',
    path: '/passenger/trip-history',
    ready: 'Detalle del viaje',
    inSight: true,
    selection: [HISTORY_PILLS, BOTTOM_NAV],
    act: async (page) => {
      await page.locator('[data-testid="trip-card"]').first().click();
      await animationsSettled(page); // the sheet's slide-in
    },
  },
  {
    name: 'passenger-empty-dashboard',
    as: 'newPassenger',
    path: '/passenger/dashboard',
    ready: 'Viajes Totales',
    selection: [BOTTOM_NAV],
  },
  {
    name: 'passenger-empty-history',
    as: 'newPassenger',
    path: '/passenger/trip-history',
    ready: 'Aún no hay viajes en tu historial.',
    selection: [HISTORY_PILLS, BOTTOM_NAV],
  },
  {
    name: 'passenger-empty-places',
    as: 'newPassenger',
    path: '/passenger/profile',
    ready: 'No tienes ubicaciones guardadas',
    act: async (page) => {
      await page.getByRole('tab', { name: 'Ubicaciones' }).click();
    },
  },
  {
    name: 'passenger-active-pending',
    as: 'waitingPassenger',
    path: '/passenger/active-trip',
    ready: 'Ofertas de conductores',
  },
  {
    name: 'passenger-cancel-question',
    as: 'waitingPassenger',
    path: '/passenger/active-trip',
    ready: '¿Seguro que quieres cancelar el viaje?',
    inSight: true,
    act: submit('Cancelar viaje'),
  },
  {
    name: 'passenger-active-driving',
    as: 'ridingPassenger',
    path: '/passenger/active-trip',
    ready: LONG.driverFirstName,
  },
  {
    // A conversation longer than one page: the newest messages, and above them the way to the older ones.
    name: 'passenger-chat-older-messages',
    as: 'ridingPassenger',
    path: '/passenger/active-trip',
    ready: 'Ver mensajes anteriores',
    inSight: true,
    act: async (page) => {
      await page.getByRole('button', { name: /^Chat con / }).click();
      await page.getByRole('button', { name: 'Ver mensajes anteriores' }).scrollIntoViewIfNeeded();
    },
  },

  // The account's lifecycle: its section in the profile, 'Sesiones abiertas', 'Eliminar mi cuenta', consent.
  {
    name: 'passenger-profile-account',
    as: 'passenger',
    path: '/passenger/profile',
    ready: 'Tu cuenta y privacidad',
    inSight: true,
    act: async (page) => {
      await page.getByTestId('account-section').scrollIntoViewIfNeeded();
    },
  },
  { name: 'account-sessions', as: 'passenger', path: '/cuenta/sesiones', ready: 'Este dispositivo' },
  {
    name: 'account-sessions-end-others',
    as: 'passenger',
    path: '/cuenta/sesiones',
    ready: 'Cerrar las demás sesiones',
    inSight: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).scrollIntoViewIfNeeded();
    },
  },
  { name: 'account-delete', as: 'passenger', path: '/cuenta/eliminar', ready: 'Qué pasará' },
  {
    name: 'account-delete-wrong-password',
    as: 'passenger',
    path: '/cuenta/eliminar',
    ready: 'La contraseña no es correcta.',
    inSight: true,
    act: async (page) => {
      await page.getByLabel('Escribe tu contraseña para confirmar').fill('no-es-mi-clave');
      await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    },
  },
  {
    // Refused while a ride is booked with a driver: the server's reason in the banner above the field.
    name: 'account-delete-refused-booking',
    as: 'bookingPassenger',
    path: '/cuenta/eliminar',
    ready: 'No puedes eliminar tu cuenta mientras tienes un viaje programado. Cancélalo primero.',
    inSight: true,
    act: async (page) => {
      await page.getByLabel('Escribe tu contraseña para confirmar').fill(FACTORY_PASSWORD);
      await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    },
  },
  {
    name: 'consent-renewal',
    as: 'consentPassenger',
    path: '/passenger/dashboard',
    ready: 'Actualizamos nuestros términos',
  },
  {
    name: 'consent-renewal-required',
    as: 'consentPassenger',
    path: '/passenger/dashboard',
    ready: 'Debes aceptar los Términos y condiciones y la Política de privacidad.',
    inSight: true,
    act: submit('Aceptar y continuar'),
  },

  // "Verifica tu celular": ask, the code sent, a wrong code (in this order: each scene starts where the last left
  // the account), the verified card, and 'Celular verificado' on an offer card.
  {
    name: 'phone-verification-ask',
    as: 'phonePassenger',
    path: '/passenger/profile#celular',
    ready: 'Te enviaremos un código de 6 dígitos por SMS',
    inSight: true,
  },
  {
    name: 'phone-verification-code',
    as: 'phonePassenger',
    path: '/passenger/profile#celular',
    ready: 'Enviamos un código por SMS al',
    inSight: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Enviar código' }).click();
      await page.getByLabel('Código de 6 dígitos').waitFor();
    },
  },
  {
    name: 'phone-verification-wrong-code',
    as: 'phonePassenger',
    path: '/passenger/profile#celular',
    ready: /El código no es correcto\. Te quedan \d intentos?\./,
    inSight: true,
    act: async (page) => {
      // One in a million that this is the code sent; then the scene shows the number verified and fails.
      await page.getByLabel('Código de 6 dígitos').fill('000000');
      await page.getByRole('button', { name: 'Verificar' }).click();
    },
  },
  {
    name: 'phone-verification-verified',
    as: 'driver',
    path: '/driver/profile#celular',
    ready: 'Si cambias de número, te pediremos un código nuevo.',
    inSight: true,
  },
  {
    name: 'phone-verification-driver-reminder',
    as: 'newDriver',
    path: '/driver/dashboard',
    ready: 'Verifica tu celular',
    inSight: true,
  },
  {
    name: 'passenger-offer-phone-verified',
    as: 'waitingPassenger',
    path: '/passenger/active-trip',
    ready: 'Celular verificado',
    inSight: true,
    act: async (page) => {
      await page.getByTestId('driver-offer').first().scrollIntoViewIfNeeded();
    },
  },

  // Driver with long names and plate, earnings and a nearby request.
  {
    name: 'driver-dashboard',
    as: 'driver',
    path: '/driver/dashboard',
    ready: 'Panel del Conductor',
    selection: [BOTTOM_NAV],
  },
  {
    name: 'driver-requests',
    as: 'driver',
    path: '/driver/trip-request',
    ready: LONG.destination,
    selection: [BOTTOM_NAV],
  },
  {
    name: 'driver-profile',
    as: 'driver',
    path: '/driver/profile',
    ready: 'Editar Perfil',
    selection: [NOTIFICATION_SWITCHES],
  },
  {
    name: 'driver-change-password-wrong',
    as: 'driver',
    path: '/driver/profile',
    ready: 'La contraseña actual no es correcta.',
    inSight: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.getByLabel('Contraseña actual').fill('no-es-la-actual');
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('otra-clave-2026');
      await page.getByLabel('Repite la nueva contraseña').fill('otra-clave-2026');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    },
  },
  {
    name: 'driver-vehicles',
    as: 'driver',
    path: '/driver/profile',
    ready: LONG.plate,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Vehículos' }).click();
    },
  },
  {
    name: 'driver-vehicle-form-validation',
    as: 'driver',
    path: '/driver/profile',
    ready: 'Requerido',
    inSight: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Vehículos' }).click();
      await page.getByRole('button', { name: 'Agregar vehículo' }).click();
      await page
        .getByRole('form', { name: 'Agregar vehículo' })
        .getByRole('button', { name: 'Agregar vehículo' })
        .click();
    },
  },
  { name: 'driver-status', as: 'driver', path: '/driver/status', ready: 'Estado del Conductor' },
  { name: 'driver-ledger', as: 'driver', path: '/driver/saldo', ready: 'Operación Yape 0123456789012345678901234567' },
  { name: 'driver-earnings', as: 'driver', path: '/driver/earnings', ready: 'Mis Ganancias', selection: [BOTTOM_NAV] },
  // 'Mis viajes': completed and cancelled trips with long addresses, a Yape payment waiting ('Confirma el pago').
  {
    name: 'driver-history',
    as: 'driver',
    path: '/driver/trips',
    ready: 'Confirma el pago',
    selection: [HISTORY_PILLS, BOTTOM_NAV],
  },
  {
    name: 'driver-history-completed-30-days',
    as: 'driver',
    path: '/driver/trips?estado=completed',
    ready: 'Confirma el pago',
    selection: [HISTORY_PILLS, BOTTOM_NAV],
    act: async (page) => {
      await page.getByLabel('Periodo').selectOption({ label: 'Últimos 30 días' });
    },
  },
  {
    name: 'driver-history-receipt-to-confirm',
    as: 'driver',
    path: (seed) => `/trips/${seed.pendingYapeTripId}/receipt`,
    ready: 'No recibí el pago',
  },
  {
    name: 'driver-new-dashboard',
    as: 'newDriver',
    path: '/driver/dashboard',
    ready: 'Completa tu perfil de conductor para empezar a recibir viajes.',
    selection: [BOTTOM_NAV],
  },
  {
    name: 'driver-new-earnings',
    as: 'newDriver',
    path: '/driver/earnings',
    ready: 'Mis Ganancias',
    selection: [BOTTOM_NAV],
  },
  {
    name: 'driver-history-empty',
    as: 'newDriver',
    path: '/driver/trips',
    ready: 'Aún no tienes viajes. Cuando termines un viaje, aparecerá aquí con su recibo.',
    selection: [HISTORY_PILLS, BOTTOM_NAV],
  },
  {
    name: 'driver-new-profile-validation',
    as: 'newDriver',
    path: '/driver/profile',
    ready: 'Este campo es obligatorio.',
    inSight: true,
    act: submit('Registrar perfil de conductor'),
  },
  { name: 'driver-active-trip', as: 'busyDriver', path: '/driver/active-trip', ready: LONG.destination },
  // A 'Ya pagué' the driver has not answered: the banner on every driver screen, with a long passenger name.
  {
    name: 'driver-payment-banner-requests',
    as: 'owedDriver',
    path: '/driver/trip-request',
    ready: `${LONG.firstName} dice que ya te pagó`,
    inSight: true,
    selection: [BOTTOM_NAV],
  },
  {
    name: 'driver-payment-banner-earnings',
    as: 'owedDriver',
    path: '/driver/earnings',
    ready: 'Por confirmar',
    selection: [BOTTOM_NAV],
  },

  // Scheduled rides on both lists, with long names and addresses (seedBookings in sweep-seed.ts).
  {
    name: 'passenger-bookings',
    as: 'bookingPassenger',
    path: '/passenger/dashboard',
    ready: 'Conductor confirmado',
    selection: [BOTTOM_NAV],
    act: async (page) => {
      await page.getByText('Conductor confirmado').evaluate((node) => node.scrollIntoView({ block: 'center' }));
    },
  },
  {
    name: 'passenger-booking-offer',
    as: 'bookingPassenger',
    path: '/passenger/dashboard',
    ready: `${LONG.driverFirstName} ${LONG.driverLastName}`,
    inSight: true,
    selection: [BOTTOM_NAV],
    act: async (page) => {
      await page
        .getByRole('list', { name: 'Ofertas' })
        .getByRole('button', { name: 'Aceptar' })
        .scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'driver-bookings-open',
    as: 'bookingDriver',
    path: '/driver/trip-request?tab=programados',
    ready: 'Proponer otro precio',
    inSight: true,
    selection: [BOTTOM_NAV],
    act: async (page) => {
      await page.getByLabel('Proponer otro precio').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'driver-bookings-confirmed',
    as: 'bookingDriver',
    path: '/driver/trip-request?tab=programados',
    ready: 'Confirmado contigo',
    inSight: true,
    selection: [BOTTOM_NAV],
    act: async (page) => {
      await page.getByText('Confirmado contigo').evaluate((node) => node.scrollIntoView({ block: 'center' }));
    },
  },
  {
    name: 'driver-booking-cancelled-by-passenger',
    as: 'bookingDriver',
    path: '/driver/trip-request?tab=programados',
    ready: /canceló el viaje programado del? /,
    inSight: true,
    selection: [BOTTOM_NAV],
    act: async (page) => {
      await page.getByText('Cancelado por el pasajero').scrollIntoViewIfNeeded();
    },
  },

  // The driver's 'Métodos de pago' at 360 px: cash chosen, Yape and Plin not; then all three chosen (filled, ticked).
  {
    name: 'driver-payment-methods',
    as: 'driver',
    path: '/driver/profile',
    ready: 'Guardar métodos de pago',
    selection: [PAYMENT_CHIPS],
    act: async (page) => {
      await page.getByTestId('pay-chip-cash').evaluate((node) => node.scrollIntoView({ block: 'center' }));
    },
  },
  {
    name: 'driver-payment-methods-selected',
    as: 'driver',
    path: '/driver/profile',
    ready: 'Guardar métodos de pago',
    act: async (page) => {
      await page.getByTestId('pay-chip-yape').click();
      await page.getByTestId('pay-chip-plin').click();
      await page.getByTestId('pay-chip-cash').evaluate((node) => node.scrollIntoView({ block: 'center' }));
    },
  },
  // An offline driver with a vehicle in service: 'Conectarse' right on the requests page.
  {
    name: 'driver-requests-offline',
    as: 'bookingDriver',
    path: '/driver/trip-request',
    ready: 'Estás desconectado. Conéctate para recibir solicitudes.',
    selection: [BOTTOM_NAV],
  },

  // The receipt of a completed trip with an accepted adjustment, on both phones.
  { name: 'passenger-receipt', as: 'passenger', path: receipt, ready: LONG.adjustmentNote },
  { name: 'driver-receipt', as: 'driver', path: receipt, ready: LONG.adjustmentNote },

  // The public page of a shared trip: a live link made by the riding passenger, and one that leads nowhere.
  { name: 'share-page', as: 'visitor', path: (seed) => `/compartir/${seed.shareToken}`, ready: LONG.busyPlate },
  {
    name: 'share-page-unavailable',
    as: 'visitor',
    path: `/compartir/${'x'.repeat(32)}`,
    ready: 'Este enlace ya no está disponible',
    inSight: true,
  },

  // The operators' console, one section at a time, each with its data loaded.
  {
    name: 'operators-queue',
    as: 'operator',
    path: consoleSection('cola'),
    ready: `${LONG.queuedFirstName} ${LONG.queuedLastName}`,
  },
  {
    name: 'operators-queue-reject-validation',
    as: 'operator',
    path: consoleSection('cola'),
    ready: 'Escribe al menos 5 caracteres.',
    inSight: true,
    act: async (page) => {
      await page
        .getByRole('article', { name: `${LONG.queuedFirstName} ${LONG.queuedLastName}` })
        .getByRole('button', { name: 'Rechazar' })
        .click();
    },
  },
  {
    name: 'operators-queue-phone-unverified',
    as: 'operator',
    path: consoleSection('cola'),
    ready: 'Este conductor aún no verificó su celular. Pídele que lo verifique desde su perfil antes de aprobarlo.',
    inSight: true,
    act: async (page) => {
      const card = page.getByRole('article', { name: `${LONG.queuedFirstName} ${LONG.queuedLastName}` });
      await card.getByText('Celular sin verificar').waitFor();
      await card.getByRole('button', { name: 'Aprobar conductor' }).click();
    },
  },
  { name: 'operators-live', as: 'operator', path: consoleSection('mapa'), ready: 'se actualiza solo' },
  { name: 'operators-trips', as: 'operator', path: consoleSection('viajes'), ready: LONG.address },
  {
    name: 'operators-alerts',
    as: 'operator',
    path: consoleSection('alertas'),
    ready: `SOS de ${LONG.firstName} ${LONG.lastName} (pasajero)`,
  },
  {
    name: 'operators-driver-ledger-top-up',
    as: 'operator',
    path: consoleSection('usuarios'),
    ready: 'Escribe el número de operación de Yape.',
    inSight: true,
    act: async (page) => {
      await page.getByLabel('Buscar usuario por nombre, correo o teléfono').fill(LONG.driverFirstName);
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByRole('button', { name: 'Saldo con Jala' }).first().click();
      await page
        .getByRole('form', { name: 'Registrar recarga' })
        .getByRole('button', { name: 'Registrar recarga' })
        .click();
    },
  },
  {
    name: 'operators-users',
    as: 'operator',
    path: consoleSection('usuarios'),
    ready: `${LONG.queuedFirstName} ${LONG.queuedLastName}`,
    // The list opens on the newest 50 accounts, and the scenes before this one sign up more than that.
    act: async (page) => {
      await page.getByLabel('Buscar usuario por nombre, correo o teléfono').fill(LONG.queuedLastName);
      await page.getByRole('button', { name: 'Buscar' }).click();
    },
  },
  {
    name: 'operators-users-deleted',
    as: 'operator',
    path: consoleSection('usuarios'),
    ready: 'Cuenta eliminada por su titular',
    act: async (page) => {
      await page.getByLabel('Buscar usuario por nombre, correo o teléfono').fill('Usuario eliminado');
      await page.getByRole('button', { name: 'Buscar' }).click();
    },
  },
  {
    name: 'operators-operators',
    as: 'operator',
    path: consoleSection('operadores'),
    ready: `${LONG.operatorFirstName} ${LONG.operatorLastName}`,
  },
  {
    name: 'operators-audit',
    as: 'operator',
    path: consoleSection('auditoria'),
    ready: `${LONG.operatorFirstName} ${LONG.operatorLastName}`,
  },
  // 'Indicadores': today's figures of the seeded city (its trips were requested today), then the last
  // section (the no-offer zones, drawn and listed), then the custom period waiting for its dates.
  {
    name: 'operators-kpis',
    as: 'operator',
    path: consoleSection('indicadores'),
    ready: 'Primera oferta (mediana)',
    selection: [KPI_PERIOD],
    act: async (page) => {
      await page.getByRole('table', { name: 'Solicitudes', exact: true }).waitFor();
    },
  },
  {
    name: 'operators-kpis-zones',
    as: 'operator',
    path: consoleSection('indicadores'),
    ready: 'Solicitudes sin oferta por zona (celdas de ~1 km)',
    act: async (page) => {
      await page.locator('#kpi-sin-oferta').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'operators-kpis-custom-period',
    as: 'operator',
    path: consoleSection('indicadores'),
    ready: 'Elige las dos fechas del período.',
    inSight: true,
    selection: [KPI_PERIOD],
    act: async (page) => {
      await page.getByRole('button', { name: 'Personalizado' }).click();
    },
  },
];

describe('phone sweep at 360×740', () => {
  let browser: Browser;
  let database: DatabaseHandle;
  let seed: SweepSeed;
  const pages = new Map<Role, { context: BrowserContext; page: Page }>();

  beforeAll(async () => {
    database = await openE2eDatabase();
    seed = await seedSweep(database.db);
    browser = await launchBrowser();
    mkdirSync(SWEEP_SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    for (const { context } of pages.values()) await context.close();
    await browser?.close();
    await database?.close();
  });

  /** One phone per role, logged in once (the visitor never logs in). */
  async function phoneFor(role: Role): Promise<Page> {
    const existing = pages.get(role);
    if (existing) return existing.page;
    const context = await phoneContext(browser);
    const page = await context.newPage();
    if (role !== 'visitor') {
      await page.goto('/login');
      await page.locator('input[name="email"]').fill(seed.accounts[role]);
      await page.locator('input[name="password"]').fill(FACTORY_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      // A dashboard, or the active trip the guard sends its owner to, or the terms to accept first.
      await Promise.race([
        page.waitForURL((url) => /dashboard|active-trip/.test(url.pathname) && url.pathname !== '/dashboard'),
        page.getByTestId('consent-screen').waitFor(),
      ]);
    }
    pages.set(role, { context, page });
    return page;
  }

  it('answers /robots.txt with the crawl rules, not the app', async () => {
    const response = await fetch(new URL('/robots.txt', baseUrl()));
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toContain('User-agent: *');
  });

  it('tells a chosen control from an unchosen one by computed style only, and fails on a pair that looks the same', async () => {
    const context = await phoneContext(browser);
    try {
      const page = await context.newPage();
      await page.setContent(`
        <style>.pill { background: #fff; color: #1d2939; border: 1px solid #d0d5dd } .same .pill--on { font-weight: 700 } .told .pill--on { background: #1f4fd8; color: #fff }</style>
        <div class="same"><button class="pill pill--on" aria-pressed="true">Todos</button><button class="pill" aria-pressed="false">Completados</button></div>
        <div class="told"><button class="pill pill--on" aria-pressed="true">Todos</button><button class="pill" aria-pressed="false">Completados</button></div>`);
      const pair = (group: string): SelectionPair => ({
        name: group,
        selected: `.${group} .pill[aria-pressed="true"]`,
        unselected: `.${group} .pill[aria-pressed="false"]`,
      });
      expect(await indistinctSelections(page, [pair('told')])).toEqual([]);
      expect(await indistinctSelections(page, [pair('same')])).toEqual([
        expect.stringMatching(/^same: chosen and not chosen look the same/),
      ]);
      expect(await indistinctSelections(page, [pair('missing')])).toEqual([
        'missing: nothing matches .missing .pill[aria-pressed="true"]',
      ]);
    } finally {
      await context.close();
    }
  });

  it.each(SCENES.map((scene) => [scene.name, scene] as const))('%s', async (_name, scene) => {
    const page = await phoneFor(scene.as);
    await page.goto(typeof scene.path === 'string' ? scene.path : scene.path(seed));
    await page.locator('#root').waitFor();
    if (scene.act) await scene.act(page);
    const ready = page.getByText(scene.ready).first();
    await ready.waitFor();
    await animationsSettled(page); // transitions settle before measuring
    await page.screenshot({ path: join(SWEEP_SCREENSHOT_DIR, `${scene.name}.png`) });
    const problems = {
      inSight: scene.inSight ? [await outOfSight(ready)].filter(Boolean) : [],
      overflow: await horizontalOverflow(page),
      axe: await axeViolations(page),
      smallTargets: await smallTapTargets(page),
      covered: await coveredByFloating(page),
      selection: await indistinctSelections(page, scene.selection ?? []),
    };
    expect(problems).toEqual({ inSight: [], overflow: [], axe: [], smallTargets: [], covered: [], selection: [] });
  });
});
