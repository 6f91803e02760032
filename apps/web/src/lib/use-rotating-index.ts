import { useEffect, useState } from 'react';

/**
 * An index in [0, count) that advances every `intervalMs` while mounted. Without `now` it starts at 0;
 * with it, from the current time slot (floor(now / interval) mod count), so reopening the page within a
 * slot shows the same item.
 */
export function useRotatingIndex(count: number, intervalMs: number, now?: () => number): number {
  const [index, setIndex] = useState(() => (count > 0 && now ? Math.floor(now() / intervalMs) % count : 0));
  useEffect(() => {
    if (count <= 1) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs]);
  return count > 0 ? index % count : 0;
}
