import { MOTIVATION_ROTATION_MS } from '@jala/domain';

import { useRotatingIndex } from '@/lib/use-rotating-index';

import { MOTIVATION_PHRASES } from '../model/motivation-phrases';

/** One of the 10 motivational phrases, changing every 30 minutes. */
export function MotivationBanner({ now }: { now?: () => number }) {
  const index = useRotatingIndex(MOTIVATION_PHRASES.length, MOTIVATION_ROTATION_MS, now ?? Date.now);
  return (
    <p className="drv-motivation" data-testid="motivation">
      <span className="drv-motivation__mark" aria-hidden="true">
        “
      </span>
      <span>{MOTIVATION_PHRASES[index]}</span>
    </p>
  );
}
