// Renders the app's PNG icons (web app manifest, notifications, iOS home screen) from the Jala logo in
// public/icons/jala.svg — the same mark as the favicon — in Debian's Chromium, so no image tool or download
// is needed. The PNGs are committed; run this again only when the logo changes:
//   node apps/web/scripts/render-icons.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const ICONS = fileURLToPath(new URL('../public/icons/', import.meta.url));
const logo = readFileSync(`${ICONS}jala.svg`, 'utf8');
/** The logo's 'J' stroke, shared by every variant below. */
const J = logo.match(/<path [^>]*\/>/)[0];
const BLUE = '#1f4fd8';

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`;
const VARIANTS = {
  // 'any': the logo as drawn (rounded tile, transparent corners).
  icon: logo,
  // 'maskable': a full-bleed tile; the 'J' shrunk to stay inside the 80% safe circle a launcher may crop to.
  maskable: svg(
    `<rect width="64" height="64" fill="${BLUE}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${J}</g>`,
  ),
  // Notification badge: Android draws only its alpha channel, so a white 'J' on transparent.
  badge: svg(
    `<g transform="translate(32 32) scale(1.1) translate(-30 -32)">${J.replace(/stroke="#[0-9a-f]+"/i, 'stroke="#ffffff"')}</g>`,
  ),
  // iOS home screen: no transparency (iOS fills it black) and iOS rounds the corners itself.
  'apple-touch-icon': svg(
    `<rect width="64" height="64" fill="${BLUE}"/><g transform="translate(32 32) scale(0.85) translate(-32 -32)">${J}</g>`,
  ),
};
const OUTPUTS = [
  ['icon', 192],
  ['icon', 512],
  ['maskable', 192],
  ['maskable', 512],
  ['badge', 96],
  ['apple-touch-icon', 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [variant, size] of OUTPUTS) {
    await page.setViewportSize({ width: size, height: size });
    const markup = VARIANTS[variant].replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${markup}`,
    );
    const name = variant === 'apple-touch-icon' ? `${variant}.png` : `${variant}-${size}.png`;
    await page.screenshot({ path: `${ICONS}${name}`, omitBackground: true });
    console.info(`wrote public/icons/${name}`);
  }
} finally {
  await browser.close();
}
