import { formatBadge } from '@jala/domain';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

import { Badge } from '@/components/ui/badge';

/** Bottom-nav item of spec §3: id, label, icon, path, optional disabled, optional badge. */
export interface BottomNavItem {
  id: string;
  label: string;
  icon: ReactNode;
  path: string;
  disabled?: boolean;
  badge?: number;
}

export function BottomNav({ items, label }: { items: readonly BottomNavItem[]; label: string }) {
  return (
    <nav className="bottom-nav" aria-label={label}>
      <ul className="bottom-nav__list">
        {items.map((item) => {
          const badge = formatBadge(item.badge ?? 0);
          const content = (
            <>
              <span className="bottom-nav__icon">
                {item.icon}
                {badge && (
                  <Badge kind="count" data-testid={`badge-${item.id}`}>
                    {badge}
                  </Badge>
                )}
              </span>
              <span className="bottom-nav__label">{item.label}</span>
            </>
          );
          return (
            <li key={item.id}>
              {item.disabled ? (
                <span className="bottom-nav__item bottom-nav__item--disabled" aria-disabled="true">
                  {content}
                </span>
              ) : (
                <NavLink to={item.path} end className="bottom-nav__item">
                  {content}
                </NavLink>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
