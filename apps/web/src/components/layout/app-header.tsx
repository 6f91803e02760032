import { useNavigate } from 'react-router';

import { BackIcon } from '../ui/icons';
import { ConnectionIndicator } from './connection-indicator';
import { ProfileMenu } from './profile-menu';

export interface BackAction {
  /** Where to go; without it the button goes back in history. */
  to?: string;
  /** Visible label next to the arrow (e.g. 'Dashboard'); the arrow alone reads 'Volver'. */
  label?: string;
  /**
   * What a screen reader announces, when the label does not say it in Spanish ('Volver al inicio' for
   * 'Dashboard'): on phones the label is hidden and only the arrow shows.
   */
  name?: string;
}

export function AppHeader({ title, back }: { title: string; back?: BackAction | undefined }) {
  const navigate = useNavigate();
  const goBack = (): void => {
    if (back?.to) void navigate(back.to);
    else void navigate(-1);
  };
  return (
    <header className={back?.label ? 'app-header app-header--labelled-back' : 'app-header'}>
      <div className="app-header__start">
        {back && (
          <button
            type="button"
            className="app-header__back"
            onClick={goBack}
            aria-label={back.name ?? (back.label ? undefined : 'Volver')}
          >
            <BackIcon />
            {back.label && <span>{back.label}</span>}
          </button>
        )}
        <h1 className="app-header__title">{title}</h1>
      </div>
      <div className="app-header__end">
        <ConnectionIndicator />
        <ProfileMenu />
      </div>
    </header>
  );
}
