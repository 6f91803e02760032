import { isDriverType } from '@jala/domain';
import { useLocation } from 'react-router';

import type { LayoutNoticesProps } from '../components/layout/layout-notices';
// By path, not the payments index: this is in the signed-in root's chunk, which needs only the banner.
import { PendingPaymentBanner } from '../features/payments/components/pending-payment-banner';
import { useSession } from '../lib/session-store';

const RECEIPT_PATH = /^\/trips\/(\d+)\/receipt/;

/**
 * The notices of every signed-in page (AppLayout's LayoutNoticesContext): on a driver screen — a /driver
 * page, or any page drawn with the driver's navigation (their receipts) — the 'Ya pagué' claims the driver
 * has not answered, except the one whose receipt is open (its panel already asks).
 */
export function SignedInNotices({ nav }: LayoutNoticesProps) {
  const user = useSession((s) => (s.status === 'authenticated' ? s.user : null));
  const { pathname } = useLocation();
  if (!user || !isDriverType(user.user_type)) return null;
  if (!pathname.startsWith('/driver') && nav !== 'driver') return null;
  const receipt = RECEIPT_PATH.exec(pathname);
  return <PendingPaymentBanner userId={user.id} exceptTripId={receipt ? Number(receipt[1]) : null} />;
}
