import { zChatMessage, type ChatMessage } from '@jala/contracts';
import { AppError } from '../../lib/app-error';
import type { TripEvents } from './trip-events';
import type { TripAccess } from './trip-access';
import type { TripsRepository } from './trips.repository';

/**
 * Per-offer chat between a trip's passenger and one driver. Messages travel over MQTT
 * (chat/{trip}/{driver}); the broker checks sender and membership, then this service stores them so the
 * conversation survives a reload.
 */
export class ChatService {
  constructor(private readonly trips: TripsRepository, private readonly access: TripAccess, private readonly events: Pick<TripEvents, 'chatStored'>) {}

  async history(userId: number, tripId: number, driverId: number): Promise<ChatMessage[]> {
    if (!(await this.access.canUseChat(userId, tripId, driverId))) throw new AppError('CHAT_NOT_FOUND');
    const rows = await this.trips.listChat(tripId, driverId);
    return rows.map((r) => ({
      ...(r.clientMessageId === null ? {} : { id: r.clientMessageId }),
      sender: r.senderId,
      role: r.senderRole,
      message: r.message,
      timestamp: r.createdAt.toISOString(),
    }));
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
   * Stores a message at the time the broker received it (ordering the history as it was delivered). A
   * copy of one already stored (same sender and id: an MQTT QoS 1 resend) is not stored again.
   */
  async store(tripId: number, driverId: number, message: ChatMessage, receivedAt: Date): Promise<void> {
    const stored = await this.trips.insertChat({
      tripId, driverId, senderId: message.sender, senderRole: message.role, message: message.message.trim(), clientMessageId: message.id ?? null, createdAt: receivedAt,
    });
    if (stored) this.events.chatStored(tripId, driverId, message);
  }
}

export function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
