/**
 * OffersService.acceptOffer's rules with hand-written fakes (no database): only the trip's own passenger,
 * only while it is pending, only a live offer, only a driver who still takes the trip's payment method; an
 * accepted offer assigns the trip, stores the Yape/Plin number, cuts off and tells the drivers not chosen.
 */
import { describe, expect, it } from 'vitest';

import type { TripRow } from '../../src/modules/trips';
import type { OfferRow } from '../../src/modules/trips';
import { type OffersDeps, OffersService } from '../../src/modules/trips/marketplace/offers.service';

const NOW = new Date('2026-11-25T15:00:00Z');
const PASSENGER = 10;
const DRIVER = 20;
const OTHER_DRIVER = 21;

const trip = (changes: Partial<TripRow> = {}): TripRow =>
  ({
    id: 1,
    passengerId: PASSENGER,
    driverId: null,
    status: 'pending',
    scheduledFor: null,
    activatedAt: null,
    liveAt: null,
    paymentMethod: 'yape',
    offerPriceCents: null,
    estimatedFareCents: 1500,
    ...changes,
  }) as TripRow;

const offer = (status: OfferRow['status'] = 'pending'): OfferRow =>
  ({ id: 5, tripId: 1, driverId: DRIVER, vehicleId: 3, priceCents: 1800, status }) as OfferRow;

/** A world of one trip and one offer; records what the service wrote and announced. */
function world(
  options: {
    trip?: TripRow;
    offer?: OfferRow | undefined;
    methods?: ('cash' | 'yape' | 'plin')[];
    assigned?: boolean;
  } = {},
) {
  const current = options.trip ?? trip();
  const said: string[] = [];
  const assignments: { payeePhone: unknown; startCode: string }[] = [];
  const deps = {
    trips: {
      findById: async (id: number) => (id === current.id ? current : undefined),
      findOffer: async () => ('offer' in options ? options.offer : offer()),
      findDriverPayment: async () => ({ methods: options.methods ?? ['cash', 'yape'], walletPhone: '987654321' }),
      assignDriver: async (
        _tripId: number,
        chosen: OfferRow,
        _at: Date,
        startCode: string,
        _guard: unknown,
        extra: { payeePhone?: unknown } = {},
      ) => {
        assignments.push({ payeePhone: extra.payeePhone, startCode });
        return options.assigned === false
          ? undefined
          : { trip: { ...current, status: 'accepted' as const, driverId: chosen.driverId }, notChosen: [OTHER_DRIVER] };
      },
    },
    events: {
      formerCounterparts: async (_tripId: number, drivers: readonly number[]) => {
        said.push(`cut off ${drivers.join(',')}`);
      },
      status: (_tripId: number, status: string, driverId: number | null) => {
        said.push(`status ${status} ${driverId}`);
      },
      toDriver: (driverId: number, message: { type: string }) => {
        said.push(`${message.type} to ${driverId}`);
      },
    },
    live: {
      touchTrip: async () => {
        said.push('touched');
      },
    },
    now: () => NOW,
    bookings: {
      announceConfirmed: async () => {
        said.push('booking confirmed');
      },
    },
  } as unknown as OffersDeps;
  return { service: new OffersService(deps), said, assignments };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );

describe('OffersService.acceptOffer', () => {
  it('assigns the trip to the chosen driver, keeps their wallet number, and tells everyone in order', async () => {
    const { service, said, assignments } = world();
    const accepted = await service.acceptOffer(PASSENGER, 1, DRIVER);
    expect(accepted).toMatchObject({ status: 'accepted', driverId: DRIVER });
    expect(assignments).toEqual([{ payeePhone: '987654321', startCode: expect.stringMatching(/^\d{4}$/) }]);
    // The drivers not chosen are cut off before the 'accepted' status goes out, then told on their feed.
    expect(said).toEqual([
      'touched',
      `cut off ${OTHER_DRIVER}`,
      `status accepted ${DRIVER}`,
      `offer_declined to ${OTHER_DRIVER}`,
    ]);
  });

  it('keeps no number for a cash trip', async () => {
    const { service, assignments } = world({ trip: trip({ paymentMethod: 'cash' }) });
    await service.acceptOffer(PASSENGER, 1, DRIVER);
    expect(assignments[0]!.payeePhone).toBeNull();
  });

  it("answers another passenger's trip, or an unknown one, as not found", async () => {
    expect(await refusal(world().service.acceptOffer(PASSENGER + 1, 1, DRIVER))).toBe('TRIP_NOT_FOUND');
    expect(await refusal(world().service.acceptOffer(PASSENGER, 2, DRIVER))).toBe('TRIP_NOT_FOUND');
  });

  it('refuses a trip no longer pending, and an offer another accept already answered', async () => {
    expect(
      await refusal(
        world({ trip: trip({ status: 'accepted', driverId: OTHER_DRIVER }) }).service.acceptOffer(PASSENGER, 1, DRIVER),
      ),
    ).toBe('TRIP_NOT_PENDING');
    expect(await refusal(world({ offer: offer('rejected') }).service.acceptOffer(PASSENGER, 1, DRIVER))).toBe(
      'TRIP_NOT_PENDING',
    );
    expect(await refusal(world({ assigned: false }).service.acceptOffer(PASSENGER, 1, DRIVER))).toBe(
      'TRIP_NOT_PENDING',
    );
  });

  it('refuses an offer withdrawn or never made', async () => {
    expect(await refusal(world({ offer: offer('withdrawn') }).service.acceptOffer(PASSENGER, 1, DRIVER))).toBe(
      'OFFER_WITHDRAWN',
    );
    expect(await refusal(world({ offer: undefined }).service.acceptOffer(PASSENGER, 1, DRIVER))).toBe(
      'OFFER_WITHDRAWN',
    );
  });

  it("refuses a driver who stopped taking the trip's payment method, naming it", async () => {
    const { service, assignments } = world({ methods: ['cash'] });
    await expect(service.acceptOffer(PASSENGER, 1, DRIVER)).rejects.toMatchObject({
      code: 'DRIVER_STOPPED_ACCEPTING_METHOD',
      message: 'Este conductor ya no acepta Yape. Elige otra oferta.',
    });
    expect(assignments).toEqual([]);
  });
});
