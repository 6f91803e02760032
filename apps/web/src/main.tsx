import './styles/index.css';
import './components/ui/ui.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { useSession } from './lib/session-store';

// Start checking a stored token while React mounts; route wrappers show their loaders meanwhile.
void useSession.getState().initialize();

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (installable app, offline shell, push, 'Nueva versión disponible') is registered once
// the page has loaded, from its own chunk: none of it delays the first screen (lib/pwa/). The build writes
// /sw.js; the dev server has none.
if (import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () => void import('./lib/pwa/service-worker').then(({ startServiceWorker }) => startServiceWorker()),
    { once: true },
  );
}
