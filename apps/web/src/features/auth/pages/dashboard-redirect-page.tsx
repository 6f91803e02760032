import { dashboardPathFor } from '@jala/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { dashboardOfMode, readRoleMode } from '@/lib/role-mode';
import { useSession } from '@/lib/session-store';

/** '/dashboard': says 'Redirigiendo a tu panel...' and sends the user to their role's dashboard. */
export function DashboardRedirectPage() {
  const userType = useSession((s) => s.user?.user_type);
  const navigate = useNavigate();
  useEffect(() => {
    if (!userType) return;
    // A `both` user goes back to the mode they last chose.
    const mode = userType === 'both' ? readRoleMode() : null;
    void navigate(mode ? dashboardOfMode(mode) : dashboardPathFor(userType), { replace: true });
  }, [userType, navigate]);
  return <FullScreenLoader message="Redirigiendo a tu panel..." />;
}
