import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  hint,
  tone,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  tone: 'blue' | 'green' | 'amber' | 'violet';
}) {
  return (
    <div className={`pw-stat-card pw-stat-card--${tone}`}>
      <p className="pw-stat-card__label">{label}</p>
      <p className="pw-stat-card__value">{value}</p>
      {hint && <p className="pw-stat-card__hint">{hint}</p>}
    </div>
  );
}
