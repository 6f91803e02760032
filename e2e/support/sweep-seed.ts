/**
 * The accounts the phone sweep visits, written straight to the database with the shared factories and
 * filled with the long real-world strings that break narrow screens: long names, e-mails, plates,
 * saved places and addresses. Every account's password is FACTORY_PASSWORD. What only the product itself
 * can make (the share link's token, uploaded documents, an SOS, an audited operator action) goes through
 * its HTTP API.
 */
import { randomUUID } from 'node:crypto';

import { DOCUMENT_KINDS } from '@jala/contracts';
import { type Database, schema } from '@jala/db';
import {
  createCompletedTrip,
  createDriver,
  createPasswordReset,
  createTrip,
  createUser,
  FACTORY_PASSWORD,
} from '@jala/test-factories/database';
import sharp from 'sharp';

import { api, loginToken } from './api';

export const LONG = {
  placeName: 'Casa de mi abuelita en San Juan de Lurigancho',
  address: 'Jr. Los Amautas 1234, Urbanización Zárate, San Juan de Lurigancho, Lima',
  destination: 'Centro Comercial Mega Plaza Norte, Av. Alfredo Mendiola 3698, Independencia',
  firstName: 'María Fernanda de los Ángeles',
  lastName: 'Quispe Huamán de la Torre',
  driverFirstName: 'Juan Carlos Eduardo',
  driverLastName: 'Villanueva Santisteban Ccori',
  plate: 'ABC-123456',
  /** The car of the riding trip, as the share page shows it. */
  busyPlate: 'XYZ-987654',
  /** The note of the accepted fare adjustment on the receipt. */
  adjustmentNote: 'Parada en la farmacia de la Av. Próceres de la Independencia para recoger las medicinas de mi mamá',
  /** The driver waiting in the operators' verification queue. */
  queuedFirstName: 'Wilfredo Teodoro',
  queuedLastName: 'Ccahuana Huamaní de la Cruz',
  /** The riding trip's long chat, as each side writes it. */
  chatFromDriver:
    'Estoy en la esquina de la bodega Don Lucho, frente al paradero de la Av. Próceres de la Independencia',
  chatFromPassenger:
    'Perfecto, ya bajo: estoy con una maleta grande y una mochila, le hago señas desde la puerta verde',
  operatorFirstName: 'Rosa Angélica Mercedes',
  operatorLastName: 'Chumpitaz Villavicencio',
} as const;

const longEmail = (tag: string) =>
  `maria.fernanda.delosangeles.quispe.${tag}.${Date.now().toString(36)}@correo-peruano-largo.com.pe`;

export interface SweepAccounts {
  /** A passenger with long names, a long saved place and a history of every finished status. */
  passenger: string;
  /** A passenger with nothing yet: empty history, no places. */
  newPassenger: string;
  /** A passenger whose long-addressed request is pending, with an offer from `driver`. */
  waitingPassenger: string;
  /** A passenger being driven by `busyDriver`. */
  ridingPassenger: string;
  /** A verified, online driver with long names and plate, earnings, a Yape payment to confirm, and the pending request nearby. */
  driver: string;
  /** A driver account without a driver profile yet (empty dashboard, earnings, trip history, registration form). */
  newDriver: string;
  /** A driver on an accepted trip. */
  busyDriver: string;
  /** An operator with a long name and e-mail who has already made someone an operator (audited). */
  operator: string;
  /** A driver two long-named passengers told 'Ya pagué' (Yape, Plin), not answered yet: the banner of every driver screen (seedOwedDriver). */
  owedDriver: string;
  /** A passenger with long names whose mobile is not verified yet, on a number of its own ("Verifica tu celular"). */
  phonePassenger: string;
  /** A passenger whose "Próximos viajes" holds a booking with an offer and one confirmed (seedBookings). */
  bookingPassenger: string;
  /** An offline driver whose "Programados" holds an open booking, one confirmed and one its passenger cancelled. */
  bookingDriver: string;
  /** A passenger who accepted an older version of the terms: the consent screen stands before every page. */
  consentPassenger: string;
}

export interface SweepSeed {
  accounts: SweepAccounts;
  /** A completed trip of `passenger` with `driver`, its price raised by an accepted adjustment: its receipt. */
  receiptTripId: number;
  /** A completed Yape trip of `driver` waiting for their 'Pago recibido' ('Confirma el pago' in 'Mis viajes'). */
  pendingYapeTripId: number;
  /** The token of a live share link to `ridingPassenger`'s trip, made by POST /safety/share. */
  shareToken: string;
  /** The token of a live password reset link of `passenger` (long e-mail), as its mail would carry it. */
  resetToken: string;
}

export async function seedSweep(db: Database, now = Date.now()): Promise<SweepSeed> {
  const longDriver = await createDriver(db, {
    user: { firstName: LONG.driverFirstName, lastName: LONG.driverLastName, email: longEmail('conductor') },
    vehicle: {
      brand: 'Toyota',
      model: 'Corolla Cross Hybrid',
      color: 'Gris oscuro metálico',
      licensePlate: LONG.plate,
    },
  });
  // 'Saldo con Jala': a top-up with a long Yape operation number and an adjustment with a long reason.
  await db.insert(schema.driverLedgerEntries).values([
    { driverId: longDriver.user.id, kind: 'top_up', amountCents: 2000, reference: '0123456789012345678901234567' },
    {
      driverId: longDriver.user.id,
      kind: 'adjustment',
      amountCents: -1234,
      reason: 'Devolución de la comisión cobrada dos veces por el viaje del aeropuerto Jorge Chávez a Miraflores',
    },
  ]);
  const passenger = await createUser(db, {
    firstName: LONG.firstName,
    lastName: LONG.lastName,
    email: longEmail('pasajera'),
  });
  await db.insert(schema.savedLocations).values([
    {
      userId: passenger.id,
      name: LONG.placeName,
      address: LONG.address,
      latitude: '-11.983500',
      longitude: '-77.005800',
    },
    {
      userId: passenger.id,
      name: 'Trabajo',
      address: 'Jr. de la Unión 300, Cercado de Lima',
      latitude: '-12.046400',
      longitude: '-77.030100',
    },
  ]);
  const day = 1440 * 60_000;
  const long = { pickupAddress: LONG.address, destinationAddress: LONG.destination };
  const completed = [];
  for (let index = 0; index < 3; index += 1) {
    completed.push(
      await createCompletedTrip(db, {
        passengerId: passenger.id,
        driverId: longDriver.user.id,
        vehicleId: longDriver.vehicle.id,
        fareCents: 12_650 + index * 10,
        agreedFareCents: 12_300 + index * 10,
        completedAt: new Date(now - (index + 1) * day),
        ...long,
      }),
    );
  }
  // The latest trip cost S/ 3.50 more than agreed: a stop the passenger accepted on the way.
  const receiptTrip = completed[0]!;
  await db.insert(schema.fareAdjustments).values({
    tripId: receiptTrip.id,
    driverId: longDriver.user.id,
    amountCents: 350,
    reason: 'extra_stop',
    note: LONG.adjustmentNote,
    status: 'accepted',
    createdAt: new Date(now - day - 25 * 60_000),
    answeredAt: new Date(now - day - 24 * 60_000),
  });
  for (const status of ['cancelled_by_passenger', 'cancelled_by_driver', 'cancelled_by_system'] as const) {
    await createTrip(db, {
      passengerId: passenger.id,
      status,
      estimatedFareCents: 12_600,
      createdAt: new Date(now - 5 * day),
      cancelledAt: new Date(now - 5 * day + 60_000),
      ...(status === 'cancelled_by_driver' ? { driverId: longDriver.user.id, vehicleId: longDriver.vehicle.id } : {}),
      ...long,
    });
  }

  // 'Mis viajes' of the long-named driver: a Yape trip of today still waiting for their 'Pago recibido', with
  // another passenger (the passenger above keeps the history counts its own scenes read).
  const yapePassenger = await createUser(db, {
    firstName: LONG.firstName,
    lastName: LONG.lastName,
    email: longEmail('yape'),
  });
  const pendingYape = await createCompletedTrip(db, {
    passengerId: yapePassenger.id,
    driverId: longDriver.user.id,
    vehicleId: longDriver.vehicle.id,
    fareCents: 3800,
    agreedFareCents: 3450,
    completedAt: new Date(now - 2 * 60 * 60_000),
    paymentMethod: 'yape',
    paymentStatus: 'pending',
    payeePhone: '987654321',
    ...long,
  });

  const newPassenger = await createUser(db, { firstName: 'Mateo', lastName: 'Huamán', email: longEmail('nuevo') });
  // Its own number: the codes the sweep asks for spend no other account's SMS budget (5 an hour per number).
  const phonePassenger = await createUser(db, {
    firstName: LONG.firstName,
    lastName: LONG.lastName,
    email: longEmail('celular'),
    phone: '912300456',
  });

  const waitingPassenger = await createUser(db, {
    firstName: LONG.firstName,
    lastName: LONG.lastName,
    email: longEmail('esperando'),
    // 'Celular verificado' on the request the driver sees.
    phoneVerifiedAt: new Date(),
  });
  const pending = await createTrip(db, {
    passengerId: waitingPassenger.id,
    ...long,
    pickupAddress: `${LONG.placeName}, ${LONG.address}`,
    passengerNotes: 'Estoy en la puerta verde al costado de la bodega Don Lucho, frente al parque',
  });
  await db.insert(schema.tripOffers).values({
    tripId: pending.id,
    driverId: longDriver.user.id,
    vehicleId: longDriver.vehicle.id,
    priceCents: 2450,
    driverLatitude: '-12.121100',
    driverLongitude: '-77.029700',
  });

  const busyDriver = await createDriver(db, {
    user: { firstName: LONG.driverFirstName, lastName: LONG.driverLastName, email: longEmail('ocupado') },
    vehicle: {
      brand: 'Hyundai',
      model: 'Grand i10 Sedán GLS Full',
      color: 'Azul eléctrico perlado',
      licensePlate: LONG.busyPlate,
    },
  });
  const ridingPassenger = await createUser(db, {
    firstName: LONG.firstName,
    lastName: LONG.lastName,
    email: longEmail('viajando'),
  });
  const riding = await createTrip(db, {
    passengerId: ridingPassenger.id,
    driverId: busyDriver.user.id,
    vehicleId: busyDriver.vehicle.id,
    status: 'arrived',
    acceptedAt: new Date(now - 5 * 60_000),
    enRouteAt: new Date(now - 4 * 60_000),
    arrivedAt: new Date(now - 60_000),
    // At the pickup: the longest stage label, the passenger's start code and the driver's code field.
    startCode: '4827',
    agreedFareCents: 2450,
    ...long,
  });

  // A long conversation on that trip: more than one page (200), so its chat offers 'Ver mensajes anteriores'.
  await db.insert(schema.chatMessages).values(
    Array.from({ length: 230 }, (_, i) => {
      const fromDriver = i % 2 === 0;
      return {
        tripId: riding.id,
        driverId: busyDriver.user.id,
        senderId: fromDriver ? busyDriver.user.id : ridingPassenger.id,
        senderRole: fromDriver ? ('driver' as const) : ('passenger' as const),
        message: fromDriver ? `${LONG.chatFromDriver} (${i + 1})` : `${LONG.chatFromPassenger} (${i + 1})`,
        clientMessageId: `sweep-chat-${String(i).padStart(8, '0')}`,
        createdAt: new Date(now - 30 * 60_000 + i * 5_000),
      };
    }),
  );

  const newDriver = await createUser(db, {
    firstName: LONG.driverFirstName,
    lastName: LONG.driverLastName,
    userType: 'driver',
    email: longEmail('nuevoconductor'),
  });

  // The riding passenger shares the trip and presses SOS, as the app does: the share page and 'Alertas SOS'.
  const ridingToken = await loginToken(ridingPassenger.email);
  const share = await api<{ path: string }>('POST', '/safety/share', ridingToken);
  const sos = await api('POST', '/safety/sos', ridingToken, { latitude: -11.9835, longitude: -77.0058 });
  if (share.status !== 201 || sos.status !== 201) throw new Error(`share ${share.status}, SOS ${sos.status}`);

  const [operator, colleague] = await Promise.all([
    createUser(db, {
      isAdmin: true,
      firstName: LONG.operatorFirstName,
      lastName: LONG.operatorLastName,
      email: `rosa.angelica.mercedes.chumpitaz.${Date.now().toString(36)}@operaciones-seguridad-ciudadana.jala.pe`,
    }),
    createUser(db, { firstName: 'Teodoro', lastName: 'Quispe Mamani', email: longEmail('colega') }),
  ]);
  const operatorToken = await loginToken(operator.email);
  await queueDriverForReview(db);
  // An operator action, so 'Auditoría' lists an entry signed with the operator's long name and e-mail.
  const grant = await api('POST', '/admin/operators', operatorToken, { email: colleague.email });
  if (grant.status !== 200) throw new Error(`making an operator answered ${grant.status}: ${grant.message}`);

  const bookings = await seedBookings(db, now);
  const owed = await seedOwedDriver(db, now);
  const lifecycle = await seedAccountLifecycle(db, passenger.id, now);
  // Alive for the whole sweep (a mailed link lives 30 minutes; the sweep may take longer on a busy machine).
  const reset = await createPasswordReset(db, passenger.id, new Date(now + 3 * 60 * 60_000));

  return {
    accounts: {
      ...bookings,
      ...owed,
      ...lifecycle,
      passenger: passenger.email,
      newPassenger: newPassenger.email,
      phonePassenger: phonePassenger.email,
      waitingPassenger: waitingPassenger.email,
      ridingPassenger: ridingPassenger.email,
      driver: longDriver.user.email,
      newDriver: newDriver.email,
      busyDriver: busyDriver.user.email,
      operator: operator.email,
    },
    receiptTripId: receiptTrip.id,
    pendingYapeTripId: pendingYape.id,
    shareToken: share.data.path.split('/').pop() ?? '',
    resetToken: reset.token,
  };
}

/**
 * A driver with a long name who uploaded the five documents and sent them for review, and has not verified
 * their mobile yet: the console's queue says so, and refuses the approval.
 */
async function queueDriverForReview(db: Database): Promise<void> {
  const { user } = await createDriver(db, {
    user: {
      firstName: LONG.queuedFirstName,
      lastName: LONG.queuedLastName,
      email: longEmail('revision'),
      phoneVerifiedAt: null,
    },
    profile: { verificationStatus: 'pending_verification', driverStatus: 'offline' },
    vehicle: {
      brand: 'Bajaj',
      model: 'RE Compact 4S',
      color: 'Amarillo con franjas azules',
      vehicleType: 'mototaxi',
      licensePlate: '4521-8M',
    },
  });
  const token = await loginToken(user.email);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 31, g: 79, b: 216 } } })
    .jpeg()
    .toBuffer();
  for (const kind of DOCUMENT_KINDS) {
    const upload = await api('PUT', `/driver/documents/${kind}`, token, { image_base64: photo.toString('base64') });
    if (upload.status !== 200) throw new Error(`uploading ${kind} answered ${upload.status}: ${upload.message}`);
  }
  const submit = await api('POST', '/driver/documents/submit', token, { soat_expiry_date: '2030-06-30' });
  if (submit.status !== 200) throw new Error(`sending the documents answered ${submit.status}: ${submit.message}`);
}

/**
 * Scheduled rides on both lists, with the long strings: a searching booking with a driver's offer, one
 * confirmed with `bookingDriver` (Yape) and one confirmed with them that its passenger cancelled. Every pickup
 * is in San Juan de Lurigancho, where the (offline) driver last was: no other phone's "Programados" near
 * Parque Kennedy lists them while the other walks run beside the sweep.
 */
async function seedBookings(db: Database, now: number): Promise<{ bookingPassenger: string; bookingDriver: string }> {
  const hour = 60 * 60_000;
  const sanJuan = { latitude: '-11.983500', longitude: '-77.005800' };
  const driver = await createDriver(db, {
    user: {
      firstName: 'Wilmer Alejandro Teófilo',
      lastName: 'Huanca Condori de la Cruz',
      email: longEmail('programados'),
    },
    profile: { driverStatus: 'offline', currentLatitude: sanJuan.latitude, currentLongitude: sanJuan.longitude },
    vehicle: {
      brand: 'Chevrolet',
      model: 'Sail Sedán LT Full Equipo',
      color: 'Rojo vino metálico',
      licensePlate: 'BKG-246810',
    },
  });
  const offering = await createDriver(db, {
    user: { firstName: LONG.driverFirstName, lastName: LONG.driverLastName, email: longEmail('ofertando') },
    profile: { currentLatitude: sanJuan.latitude, currentLongitude: sanJuan.longitude },
    vehicle: { brand: 'Toyota', model: 'Yaris Cross Hybrid XLE', color: 'Blanco perlado', licensePlate: 'OFR-135791' },
  });
  const passenger = await createUser(db, {
    firstName: LONG.firstName,
    lastName: LONG.lastName,
    email: longEmail('reservas'),
  });
  // On 5-minute steps (bookings always are), a day and more ahead: nowhere near their reminders or activation.
  const at = (hours: number) => new Date(Math.ceil((now + hours * hour) / (5 * 60_000)) * 5 * 60_000);
  const booking = (scheduledFor: Date) => ({
    passengerId: passenger.id,
    scheduledFor,
    expiresAt: new Date(scheduledFor.getTime() + 10 * 60_000),
    pickupLatitude: sanJuan.latitude,
    pickupLongitude: sanJuan.longitude,
    pickupAddress: `${LONG.placeName}, ${LONG.address}`,
    destinationAddress: LONG.destination,
    estimatedFareCents: 3450,
    createdAt: new Date(now - hour),
  });
  const searching = await createTrip(db, {
    ...booking(at(26)),
    offerPriceCents: 3200,
    paymentMethod: 'cash',
    cashNote: 100,
  });
  // A live request nobody offered on, from someone else (a live trip would take the booking passenger's
  // dashboard): the no-offer map of 'Indicadores' has a cell to show.
  const unanswered = await createUser(db, { email: longEmail('sin-ofertas') });
  await createTrip(db, {
    passengerId: unanswered.id,
    offerPriceCents: 1500,
    pickupLatitude: sanJuan.latitude,
    pickupLongitude: sanJuan.longitude,
  });
  await db.insert(schema.tripOffers).values({
    tripId: searching.id,
    driverId: offering.user.id,
    vehicleId: offering.vehicle.id,
    priceCents: 3650,
    driverLatitude: sanJuan.latitude,
    driverLongitude: sanJuan.longitude,
  });
  const confirmed = {
    driverId: driver.user.id,
    vehicleId: driver.vehicle.id,
    agreedFareCents: 3600,
    acceptedAt: new Date(now - 30 * 60_000),
  };
  await createTrip(db, { ...booking(at(30)), ...confirmed, status: 'accepted', paymentMethod: 'yape' });
  await createTrip(db, {
    ...booking(at(40)),
    ...confirmed,
    status: 'cancelled_by_passenger',
    cancelledAt: new Date(now - 20 * 60_000),
    cancelReason: 'Cancelado desde Próximos viajes',
  });
  return { bookingPassenger: passenger.email, bookingDriver: driver.user.email };
}

/**
 * A driver with long names whose passengers (long names too) said 'Ya pagué' after two trips of today, a Yape one
 * and a Plin one, that the driver has not answered: every driver screen of theirs shows the banner with the
 * oldest claim and 'Tienes 1 pago más por confirmar.' Their own passengers, so no other account's counts move.
 */
async function seedOwedDriver(db: Database, now: number): Promise<{ owedDriver: string }> {
  const driver = await createDriver(db, {
    user: { firstName: LONG.driverFirstName, lastName: LONG.driverLastName, email: longEmail('cobrando') },
    profile: { acceptsYape: true, acceptsPlin: true, walletPhone: '987654321' },
  });
  const claims = [
    { method: 'yape' as const, fareCents: 3800, minutesAgo: 50 },
    { method: 'plin' as const, fareCents: 2150, minutesAgo: 20 },
  ];
  for (const [index, claim] of claims.entries()) {
    const passenger = await createUser(db, {
      firstName: LONG.firstName,
      lastName: LONG.lastName,
      email: longEmail(`pagando${index}`),
    });
    await createCompletedTrip(db, {
      passengerId: passenger.id,
      driverId: driver.user.id,
      vehicleId: driver.vehicle.id,
      fareCents: claim.fareCents,
      completedAt: new Date(now - (claim.minutesAgo + 5) * 60_000),
      paymentMethod: claim.method,
      paymentStatus: 'reported',
      paymentReportedAt: new Date(now - claim.minutesAgo * 60_000),
      payeePhone: '987654321',
    });
  }
  return { owedDriver: driver.user.email };
}

/** Phones other than the sweep's own, as their browsers name themselves ('Sesiones abiertas'). */
const OTHER_PHONES = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
];

/**
 * The account lifecycle's states: `passenger` signed in on two more phones (its 'Sesiones abiertas'), a
 * passenger asked to accept the current terms (they accepted an older version), and an account deleted by
 * its holder through the API (the console's users section shows it as such).
 */
async function seedAccountLifecycle(db: Database, passengerId: number, now: number) {
  await db.insert(schema.sessions).values(
    OTHER_PHONES.map((userAgent, i) => ({
      id: randomUUID(),
      userId: passengerId,
      userAgent,
      createdAt: new Date(now - (i + 2) * 86_400_000),
      lastSeenAt: new Date(now - (i + 1) * 3 * 3_600_000),
      expiresAt: new Date(now + 7 * 86_400_000),
    })),
  );
  const consentPassenger = await createUser(db, {
    firstName: LONG.firstName,
    lastName: LONG.lastName,
    email: longEmail('terminos'),
    consentVersion: '2025-01-15',
  });
  const leaving = await createUser(db, { firstName: 'Aurelio', lastName: 'Condori Mamani', email: longEmail('adios') });
  const deleted = await api('DELETE', '/account', await loginToken(leaving.email), { password: FACTORY_PASSWORD });
  if (deleted.status !== 200) throw new Error(`deleting an account answered ${deleted.status}: ${deleted.message}`);
  return { consentPassenger: consentPassenger.email };
}
