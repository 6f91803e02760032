import type { ChatMessage } from '@jala/contracts';

const sameMessage = (a: ChatMessage, b: ChatMessage): boolean =>
  a.sender === b.sender && a.role === b.role && a.message === b.message && a.timestamp === b.timestamp;

/** Appends messages not already there (our own come back from the broker), in time order. */
export function mergeChat(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const merged = [...current];
  for (const message of incoming) if (!merged.some((m) => sameMessage(m, message))) merged.push(message);
  return merged.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

/** Who wrote it, as the passenger reads it. */
export function senderLabel(role: ChatMessage['role']): string {
  return role === 'passenger' ? 'Tú' : 'Conductor';
}
