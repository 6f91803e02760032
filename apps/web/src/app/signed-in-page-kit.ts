import { createContext, type ReactNode } from 'react';

/**
 * What a page's error boundary (LazyPage in router.tsx) uses only when someone is signed in: resetting
 * the failed queries on 'Reintentar', and the header and bottom navigation around the error. It is
 * provided by the lazily loaded AuthenticatedRoot, so the query library and the app layout stay out of
 * the entry chunk, i.e. off the login route (its JS budget, bench/bundle.bench.ts).
 */
export interface SignedInPageKit {
  resetFailedQueries(): void;
  frame(content: ReactNode, pathname: string): ReactNode;
}

export const SignedInPageKitContext = createContext<SignedInPageKit | null>(null);
