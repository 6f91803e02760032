import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { useSession } from './lib/session-store';
import './styles/index.css';
import './components/ui/ui.css';

// Start checking a stored token while React mounts; route wrappers show their loaders meanwhile.
void useSession.getState().initialize();

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
