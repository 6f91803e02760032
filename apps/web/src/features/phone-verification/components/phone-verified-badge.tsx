import { Badge } from '@/components/ui/badge';

/**
 * 'Celular verificado': the other side of a trip confirmed their mobile with an SMS code (offer cards, request
 * and trip cards, the passenger's driver, the profile's own card).
 */
export function PhoneVerifiedBadge({ className }: { className?: string }) {
  return (
    <Badge kind="status" tone="success" className={['pv-badge', className].filter(Boolean).join(' ')}>
      <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12" className="pv-badge__tick">
        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      Celular verificado
    </Badge>
  );
}
