import type { ReactNode } from 'react';
import type { StatusBadge as StatusTone } from '@jala/domain';

/** A trip's state as a small badge in the colours of its tone ('Completado' green, a cancellation amber or red). */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`status-badge tone--${tone}`}>{children}</span>;
}
