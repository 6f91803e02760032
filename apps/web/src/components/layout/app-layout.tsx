import { APP_NAME } from '@jala/domain';
import { type ReactNode, useContext, useEffect } from 'react';

import { AppHeader, type BackAction } from './app-header';
import { DriverBottomNav } from './driver-bottom-nav';
import { LayoutNoticesContext } from './layout-notices';
import { OfflineBanner } from './offline-banner';
import { PassengerBottomNav } from './passenger-bottom-nav';

export interface AppLayoutProps {
  /** Header title (the page's h1), also used for the document title. */
  title: string;
  /** A count shown before the title in the browser tab, e.g. '(2) Solicitudes de Viaje' (0: none). */
  titleCount?: number;
  /** Optional line under the title, at the top of the content. */
  subtitle?: string;
  /** Optional back button in the header. */
  back?: BackAction;
  /** Which bottom navigation to show, if any. */
  nav?: 'passenger' | 'driver';
  /** Passed to the passenger nav (the spec's dashboard always passes false). */
  hasActiveTrip?: boolean;
  children: ReactNode;
}

/** Shared page frame: header (back, title, live indicator, profile menu), the app's notices of the area, content, bottom nav. */
export function AppLayout({
  title,
  titleCount = 0,
  subtitle,
  back,
  nav,
  hasActiveTrip = false,
  children,
}: AppLayoutProps) {
  const Notices = useContext(LayoutNoticesContext);
  useEffect(() => {
    document.title = `${titleCount > 0 ? `(${titleCount}) ` : ''}${title} · ${APP_NAME}`;
  }, [title, titleCount]);
  return (
    <div className={`app-shell${nav ? ' app-shell--with-nav' : ''}`}>
      <AppHeader title={title} back={back} />
      <main className="app-main" id="contenido">
        <OfflineBanner />
        {subtitle && <p className="page-subtitle">{subtitle}</p>}
        {Notices && <Notices nav={nav} />}
        {children}
      </main>
      {nav === 'passenger' && <PassengerBottomNav hasActiveTrip={hasActiveTrip} />}
      {nav === 'driver' && <DriverBottomNav />}
    </div>
  );
}
