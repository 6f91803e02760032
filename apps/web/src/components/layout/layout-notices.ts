import { type ComponentType, createContext } from 'react';

export interface LayoutNoticesProps {
  /** The page's bottom navigation: which area it belongs to, when it has one. */
  nav?: 'passenger' | 'driver';
}

/**
 * What the signed-in app shows at the top of every page of an area, above the page's own content (the
 * driver's unanswered 'Ya pagué' claims). The app provides it (app/signed-in-notices.tsx), so this layer
 * never imports a feature; without a provider (signed out, a component test) nothing is shown.
 */
export const LayoutNoticesContext = createContext<ComponentType<LayoutNoticesProps> | null>(null);
