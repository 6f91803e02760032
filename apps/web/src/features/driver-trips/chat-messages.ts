import { zChatMessage, type ChatMessage } from '@jala/contracts';

/** Pure helpers of the per-offer chat: validation of incoming messages and an ordered, duplicate-free list. */

const messageKey = (m: ChatMessage): string => `${m.sender}|${m.timestamp}|${m.message}`;

/** A message received over MQTT, validated with the contract schema; null (logged) when malformed. */
export function parseChatMessage(payload: unknown): ChatMessage | null {
  const parsed = zChatMessage.safeParse(payload);
  if (parsed.success) return parsed.data;
  console.warn('[chat] malformed message ignored');
  return null;
}

/** Adds messages not seen yet (our own come back from the broker too), oldest first. */
export function mergeChatMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
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
