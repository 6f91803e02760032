import { useEffect, useId, useState } from 'react';
import type { ChatMessage } from '@jala/contracts';
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
 * history already there when the panel first loads counts as read.
 */
export function TripChatPanel({ tripId, driverId, role, userId, peerName }: TripChatPanelProps) {
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const { messages, isLoading } = useTripChat({ tripId, driverId, role, senderId: userId });
  const fromPeer = messages.filter((m) => m.role !== role).length;
  const [seen, setSeen] = useState<number | null>(null);
  useEffect(() => {
    if (isLoading) return;
    if (seen === null || open) setSeen(fromPeer);
  }, [isLoading, fromPeer, open, seen]);
  const unread = seen === null || open ? 0 : Math.max(0, fromPeer - seen);

  return (
    <section className="card trip-chat" aria-label={`Chat con ${peerName}`}>
      <button type="button" className="trip-chat__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
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
        {open && <OfferChat tripId={tripId} driverId={driverId} role={role} userId={userId} peerName={peerName} peerLabel={peerName} />}
      </div>
    </section>
  );
}
