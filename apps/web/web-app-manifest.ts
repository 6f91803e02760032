import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest (written as dist/manifest.webmanifest by vite-plugin-pwa). Colours are the design
 * tokens of src/styles/index.css: --color-primary (the header and status bar) and --color-canvas (the page).
 * Shortcuts open the screens a passenger and a driver start from (routes of src/app/router.tsx).
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Jala',
  short_name: 'Jala',
  description: 'Pide un viaje en mototaxi o auto y elige la mejor oferta de los conductores cercanos. Conductores: recibe solicitudes cerca de ti.',
  lang: 'es-PE',
  dir: 'ltr',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#1f4fd8',
  background_color: '#f4f6fb',
  categories: ['travel', 'navigation'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Solicitar viaje',
      short_name: 'Solicitar',
      description: 'Pide un viaje como pasajero',
      url: '/passenger/trip-request',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Conectarse',
      short_name: 'Conectarse',
      description: 'Ponte en línea como conductor para recibir solicitudes',
      url: '/driver/status',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};
