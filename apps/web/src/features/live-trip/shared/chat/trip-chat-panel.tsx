import type { ChatMessage } from '@jala/contracts';
import { useEffect, useId, useMemo, useState } from 'react';

import { messageKey } from './merge-chat';
import { OfferChat } from './offer-chat';
import { useTripChat } from './use-trip-chat';

export interface TripChatPanelProps {
  tripId: number;
  driverId: number;
  role: ChatMessage['role'];
  userId: number | null;
  /** The other side's name: the panel's title and the signature of their messages. */
  peerName: string;
}

/**
 * The conversation with the chosen driver (or the passenger), open from the accept to the end of the
 * trip on both phones. Folded, it shows how many of the other side's messages arrived unread; the
 * history already there when the panel first loads counts as read. Messages are told apart by their id,
 * not counted: the history is read a page at a time, and a page read again after a reconnection holds
 * the newest messages, so a count would go down and up without anything new arriving.
 */
export function TripChatPanel({ tripId, driverId, role, userId, peerName }: TripChatPanelProps) {
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const { messages, isLoading } = useTripChat({ tripId, driverId, role, senderId: userId });
  const fromPeer = useMemo(() => messages.filter((m) => m.role !== role).map(messageKey), [messages, role]);
  const [seen, setSeen] = useState<ReadonlySet<string> | null>(null);
  const notSeen = seen === null ? 0 : fromPeer.filter((key) => !seen.has(key)).length;
  useEffect(() => {
    if (isLoading) return;
    if (seen === null || (open && notSeen > 0)) setSeen(new Set(fromPeer));
  }, [isLoading, fromPeer, open, seen, notSeen]);
  const unread = open ? 0 : notSeen;

  return (
    <section className="card trip-chat" aria-label={`Chat con ${peerName}`}>
      <button
        type="button"
        className="trip-chat__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="trip-chat__title">Chat con {peerName}</span>
        {unread > 0 && (
          <span className="trip-chat__badge" data-testid="chat-unread" aria-label={`${unread} mensajes sin leer`}>
            {unread}
          </span>
        )}
        <span className="trip-chat__chevron" aria-hidden="true">
          {open ? '▲' : '▼'}
        </span>
      </button>
      <div id={bodyId} hidden={!open}>
        {open && (
          <OfferChat
            tripId={tripId}
            driverId={driverId}
            role={role}
            userId={userId}
            peerName={peerName}
            peerLabel={peerName}
          />
        )}
      </div>
    </section>
  );
}
