import { HISTORY_MESSAGE_ROTATION_MS } from '@jala/domain';

import { useRotatingIndex } from '@/lib/use-rotating-index';

import { HISTORY_MESSAGES } from './history-messages';

/** One of the 12 messages, changing every HISTORY_MESSAGE_ROTATION_MS. */
export function PatrioticMessage() {
  const index = useRotatingIndex(HISTORY_MESSAGES.length, HISTORY_MESSAGE_ROTATION_MS);
  return (
    <p className="pw-patriotic-message" aria-live="polite" data-testid="patriotic-message">
      <span className="pw-patriotic-message__flag" aria-hidden="true" />
      {HISTORY_MESSAGES[index]}
    </p>
  );
}
