import { CHAT_PAGE_MAX, type ChatMessage, type ChatPage, type ChatPageQuery, zChatMessage } from '@jala/contracts';

import { AppError } from '../../../lib/app-error';
import { parseJson } from '../core/json';
import type { TripAccess } from '../core/trip-access';
import type { TripEvents } from '../core/trip-events';
import type { ChatRepository } from './chat.repository';

/**
 * How many messages one conversation keeps: storing a message deletes what is older than the newest this
 * many. A flood then costs bounded storage, and every read of the history stays small.
 */
export const CHAT_MESSAGES_KEPT = 1000;

type ChatRow = Awaited<ReturnType<ChatRepository['page']>>['rows'][number];

const toChatMessage = (r: ChatRow): ChatMessage => ({
  ...(r.clientMessageId === null ? {} : { id: r.clientMessageId }),
  sender: r.senderId,
  role: r.senderRole,
  message: r.message,
  timestamp: r.createdAt.toISOString(),
});

/**
 * Per-offer chat between a trip's passenger and one driver. Messages travel over MQTT
 * (chat/{trip}/{driver}); the broker checks sender and membership, then this service stores them so the
 * conversation survives a reload.
 */
export class ChatService {
  constructor(
    private readonly messages: Pick<ChatRepository, 'insert' | 'page'>,
    private readonly access: Pick<TripAccess, 'canUseChat'>,
    private readonly events: Pick<TripEvents, 'chatStored'>,
  ) {}

  /**
   * A page of the stored conversation, oldest to newest: the newest messages, or those before the cursor
   * `before` (the `next_before` of the page read last). Someone outside the conversation gets a 404.
   */
  async page(userId: number, tripId: number, driverId: number, query: ChatPageQuery = {}): Promise<ChatPage> {
    if (!(await this.access.canUseChat(userId, tripId, driverId))) throw new AppError('CHAT_NOT_FOUND');
    const { rows, more } = await this.messages.page(tripId, driverId, {
      before: query.before,
      limit: query.limit ?? CHAT_PAGE_MAX,
    });
    const oldestFirst = rows.reverse();
    return { messages: oldestFirst.map(toChatMessage), next_before: more ? (oldestFirst[0]?.id ?? null) : null };
  }

  /** The newest page's messages alone: the answer of the history route as app versions before paging read it. */
  async history(userId: number, tripId: number, driverId: number): Promise<ChatMessage[]> {
    return (await this.page(userId, tripId, driverId)).messages;
  }

  /** Whether `userId` may publish `payload` on this conversation: a valid message, sent as themselves. */
  async acceptsMessage(userId: number, tripId: number, driverId: number, payload: Buffer): Promise<ChatMessage | null> {
    const parsed = parseJson(payload);
    const message = zChatMessage.safeParse(parsed);
    if (!message.success || message.data.sender !== userId) return null;
    const role = await this.access.canUseChat(userId, tripId, driverId);
    if (!role || role !== message.data.role) return null;
    return message.data;
  }

  /**
   * Stores a message at the time the broker received it (ordering the history as it was delivered), and
   * drops what falls beyond the conversation's newest CHAT_MESSAGES_KEPT. A copy of one already stored (same sender and
   * id: an MQTT QoS 1 resend) is not stored again.
   */
  async store(tripId: number, driverId: number, message: ChatMessage, receivedAt: Date): Promise<void> {
    const stored = await this.messages.insert(
      {
        tripId,
        driverId,
        senderId: message.sender,
        senderRole: message.role,
        message: message.message.trim(),
        clientMessageId: message.id ?? null,
        createdAt: receivedAt,
      },
      CHAT_MESSAGES_KEPT,
    );
    if (stored) this.events.chatStored(tripId, driverId, message);
  }
}
