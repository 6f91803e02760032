import type { ChatMessage } from '@jala/contracts';

/** Pure rules of the per-offer chat, shared by the passenger's and the driver's side. */

/**
 * One key per message however often it arrives: by the sender's id for it (a QoS 1 resend repeats it, and
 * the stored copy in the history carries it with the server's timestamp), else by its content.
 */
export const messageKey = (m: ChatMessage): string =>
  m.id !== undefined ? `${m.sender}#${m.id}` : `${m.sender}|${m.role}|${m.timestamp}|${m.message}`;

/** A fresh id for a message this phone sends (32 hex digits; getRandomValues works on plain http too). */
export function newChatMessageId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Adds messages not seen yet (our own come back from the broker too, and a resent one twice), oldest first. */
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
