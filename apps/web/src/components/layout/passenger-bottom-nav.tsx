import { HistoryIcon, HomeIcon, PinIcon } from '../ui/icons';
import { BottomNav, type BottomNavItem } from './bottom-nav';

/** Inicio / Solicitar / Historial. 'Solicitar' shows a badge of 1 when told there is an active trip. */
export function passengerNavItems(hasActiveTrip: boolean): BottomNavItem[] {
  return [
    { id: 'home', label: 'Inicio', icon: <HomeIcon />, path: '/passenger/dashboard' },
    {
      id: 'request',
      label: 'Solicitar',
      icon: <PinIcon />,
      path: '/passenger/trip-request',
      badge: hasActiveTrip ? 1 : 0,
    },
    { id: 'history', label: 'Historial', icon: <HistoryIcon />, path: '/passenger/trip-history' },
  ];
}

export function PassengerBottomNav({ hasActiveTrip = false }: { hasActiveTrip?: boolean }) {
  return <BottomNav items={passengerNavItems(hasActiveTrip)} label="Navegación de pasajero" />;
}
