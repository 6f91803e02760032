import { type ReactNode, Suspense, useContext } from 'react';
import { useLocation } from 'react-router';

import { FullScreenLoader, PageLoader } from '../components/ui/full-screen-loader';
import { SignedInPageKitContext } from './signed-in-page-kit';

/**
 * The one Suspense boundary of the pages, above the route outlet so it outlives every navigation. The router
 * moves in React transitions, and a transition never hides content a boundary already shows: while the next
 * page's chunk loads, the current page stays on screen (no full-screen 'Cargando...' flashing between two
 * pages). Only a page opened cold shows the fallback: signed in, a small loader inside the layout; signed
 * out, the full-screen one (there is no layout yet).
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  const signedInKit = useContext(SignedInPageKitContext);
  const { pathname } = useLocation();
  const fallback = signedInKit ? (
    signedInKit.frame(<PageLoader />, pathname)
  ) : (
    <FullScreenLoader message="Cargando..." />
  );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
