import type { StatusBadge as StatusTone } from '@jala/domain';
import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';

/**
 * The badge shapes of the styles: `count` is the red number on a bottom-nav icon (`.badge`), `pill` a short
 * state or call to action on a soft tint (`.pill`, amber with tone `warning`), `status` a trip's state in
 * the colours of its tone (`.status-badge .tone--*`).
 */
export type BadgeLook =
  { kind: 'count'; tone?: never } | { kind?: 'pill'; tone?: 'warning' } | { kind: 'status'; tone: StatusTone };

/** The class list of a badge look, for an element that is not a `<span>` (a paragraph-sized pill). */
export function badgeClassName(look: BadgeLook, className?: string): string {
  const own =
    look.kind === 'count'
      ? ['badge']
      : look.kind === 'status'
        ? ['status-badge', `tone--${look.tone}`]
        : ['pill', look.tone ? `pill--${look.tone}` : null];
  return [...own, className || null].filter(Boolean).join(' ');
}

export type BadgeProps = Omit<HTMLAttributes<HTMLSpanElement>, 'className'> &
  BadgeLook & { className?: string | undefined };

/** A small label beside or on something else: see {@link BadgeLook} for its shapes. */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge({ kind, tone, className, ...props }, ref) {
  return <span ref={ref} className={badgeClassName({ kind, tone } as BadgeLook, className)} {...props} />;
});

/** A trip's state as a small badge in the colours of its tone ('Completado' green, a cancellation amber or red). */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <Badge kind="status" tone={tone}>
      {children}
    </Badge>
  );
}
