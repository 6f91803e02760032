/**
 * A session's device as 'Sesiones abiertas' names it — 'Chrome en Android', 'Safari en iPhone' — read from the
 * browser's User-Agent header. A small parser of the few browsers and systems phones and computers in Peru
 * use, not a database of every agent: an unknown browser or system reads 'Navegador' / 'un dispositivo'.
 */

/** Browsers, checked in order: the ones that also name Chrome or Safari in their agent come first. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bHuaweiBrowser\//, 'Huawei Browser'],
  [/\bMiuiBrowser\//, 'Mi Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\b(?:Chrome|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bAppleWebKit\/.*\bMobile\//, 'Safari'],
];

/** Systems, checked in order (an iPad on iPadOS 13+ says Macintosh: it is read as a Mac). */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'Chromebook'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (table: readonly (readonly [RegExp, string])[], agent: string): string | null =>
  table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

/** 'Chrome en Android', 'Safari en iPhone', 'Firefox en Windows'; 'Dispositivo desconocido' when nothing is known. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return 'Dispositivo desconocido';
  const browser = firstMatch(BROWSERS, agent);
  const system = firstMatch(SYSTEMS, agent);
  if (browser && system) return `${browser} en ${system}`;
  if (browser) return browser;
  if (system) return `Navegador en ${system}`;
  return 'Dispositivo desconocido';
}
