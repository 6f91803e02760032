/**
 * The passenger's 'Tu conductor está a … del punto de recojo' line, stamped in the page: every text it shows is
 * recorded with Date.now() (the same clock as the Node process driving the browser), so a walk or a bench can
 * tell when a driver's move reached the passenger's screen. No test runner imports here: bench/ uses it
 * too.
 */
import { type Coordinates, haversineKm } from '@jala/domain';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import type { BrowserContext, Page } from 'playwright-core';

const METRES_PER_DEGREE_LAT = 111_195;

/** Metres north of the pickup (Parque Kennedy). */
export const northOfPickup = (metres: number): Coordinates => ({
  latitude: PARQUE_KENNEDY.latitude + metres / METRES_PER_DEGREE_LAT,
  longitude: PARQUE_KENNEDY.longitude,
});

export const distanceText = (point: Coordinates): string =>
  `Tu conductor está a ${Math.round(haversineKm(point, PARQUE_KENNEDY) * 1000)} m del punto de recojo.`;

/** A string: bench/ is type-checked for Node, without the DOM's types, and uses this module too. */
const STAMP_DISTANCE_TEXTS = `(() => {
  const seen = [];
  window.__distanceTexts = seen;
  let last = '';
  const record = () => {
    const text = document.querySelector('[data-testid="driver-distance"]')?.textContent ?? '';
    if (text !== last) {
      last = text;
      seen.push({ text, at: Date.now() });
    }
  };
  new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  record();
})()`;

/** Starts recording every text the passenger's distance line shows. */
export async function stampDistanceTexts(page: Page): Promise<void> {
  await page.evaluate(STAMP_DISTANCE_TEXTS);
}

/** When the distance line first showed `text` (waits for it; the page's default timeout bounds the wait). */
export async function whenShown(page: Page, text: string): Promise<number> {
  // A function, not a string: the app's CSP forbids the eval a string predicate needs.
  const handle = await page.waitForFunction(
    (wanted) =>
      (globalThis as unknown as { __distanceTexts: { text: string; at: number }[] }).__distanceTexts.find(
        (entry) => entry.text === wanted,
      )?.at ?? null,
    text,
  );
  return (await handle.jsonValue()) as number;
}

/** Moves the driver's phone to `point`; resolves with how many ms later the passenger's line showed the move. */
export async function moveDriver(driver: BrowserContext, passenger: Page, point: Coordinates): Promise<number> {
  const movedAt = Date.now();
  await driver.setGeolocation(point);
  return (await whenShown(passenger, distanceText(point))) - movedAt;
}
