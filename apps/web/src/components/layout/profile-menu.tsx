import { profilePathFor } from '@jala/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { dashboardOfMode, modeOfPath, readRoleMode, type RoleMode, writeRoleMode } from '@/lib/role-mode';
import { userDisplayName, useSession } from '@/lib/session-store';

import { EditIcon, LogoutIcon, UserIcon } from '../ui/icons';

function Avatar({ url, size }: { url: string | null; size: 'sm' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={`avatar avatar--${size}`}>
      {url && !failed ? <img src={url} alt="" onError={() => setFailed(true)} /> : <UserIcon />}
    </span>
  );
}

/** Avatar button opening name, email, 'Ver perfil', 'Editar perfil' and 'Cerrar sesión'. */
export function ProfileMenu() {
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent): void => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  // A `both` user switches mode here; the mode they are in is the page's, else the one they last chose.
  const mode: RoleMode =
    modeOfPath(pathname) ?? readRoleMode() ?? modeOfPath(profilePathFor(user.user_type)) ?? 'passenger';
  const otherMode: RoleMode = mode === 'driver' ? 'passenger' : 'driver';
  const canSwitch = user.user_type === 'both';
  const profilePath = canSwitch ? `/${mode}/profile` : profilePathFor(user.user_type);
  const switchMode = (): void => {
    writeRoleMode(otherMode);
    setOpen(false);
    void navigate(dashboardOfMode(otherMode));
  };
  const displayName = userDisplayName(user);

  const onLogout = async (): Promise<void> => {
    setLeaving(true);
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <div className="profile-menu" ref={rootRef}>
      <button
        type="button"
        className="icon-btn profile-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Menú de perfil"
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar url={user.avatar_url} size="sm" />
      </button>
      {open && (
        <div className="profile-menu__panel" id={menuId} role="menu" aria-label="Perfil">
          <div className="profile-menu__identity">
            <Avatar url={user.avatar_url} size="lg" />
            <div className="profile-menu__who">
              <p className="profile-menu__name">{displayName}</p>
              <p className="profile-menu__email">{user.email}</p>
            </div>
          </div>
          {canSwitch && (
            <button type="button" role="menuitem" className="profile-menu__item" onClick={switchMode}>
              <UserIcon /> {otherMode === 'driver' ? 'Cambiar a modo conductor' : 'Cambiar a modo pasajero'}
            </button>
          )}
          <Link role="menuitem" className="profile-menu__item" to={profilePath} onClick={() => setOpen(false)}>
            <UserIcon /> Ver perfil
          </Link>
          <Link
            role="menuitem"
            className="profile-menu__item"
            to={`${profilePath}?edit=1`}
            onClick={() => setOpen(false)}
          >
            <EditIcon /> Editar perfil
          </Link>
          {user.roles.includes('admin') && (
            <Link role="menuitem" className="profile-menu__item" to="/operators" onClick={() => setOpen(false)}>
              <UserIcon /> Consola de operadores
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            className="profile-menu__item profile-menu__item--danger"
            onClick={() => void onLogout()}
            disabled={leaving}
          >
            <LogoutIcon /> Cerrar sesión
          </button>
        </div>
      )}
    </div>
  );
}
