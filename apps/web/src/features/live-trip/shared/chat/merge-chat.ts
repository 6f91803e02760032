import type { ChatMessage } from '@jala/contracts';

/** Pure rules of the per-offer chat, shared by the passenger's and the driver's side. */

const messageKey = (m: ChatMessage): string => `${m.sender}|${m.role}|${m.timestamp}|${m.message}`;

/** Adds messages not seen yet (our own come back from the broker too), oldest first. */
export function mergeChat(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set(current.map(messageKey));
  const added = incoming.filter((m) => {
    const key = messageKey(m);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (added.length === 0) return [...current];
  return [...current, ...added].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

/** The text to send, or null when it is blank after trimming (spec §5: not sent). */
export function chatTextToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}
