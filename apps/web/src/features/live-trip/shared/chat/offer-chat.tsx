import './chat.css';

import { CHAT_MESSAGE_MAX, type ChatMessage } from '@jala/contracts';
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { SendIcon } from '@/components/ui/icons';
import { CHAT_FALLBACK } from '@/features/live-trip/api/live-trip-api';
import { errorMessage } from '@/lib/api/api-client';

import { formatChatTime } from '../model/format';
import { chatTextToSend, messageKey } from './merge-chat';
import { type ChatClient, useTripChat } from './use-trip-chat';

export interface OfferChatProps {
  tripId: number;
  /** The offering driver (the conversation is per trip and driver). */
  driverId: number;
  /** Who is writing from this phone. */
  role: ChatMessage['role'];
  /** This user's id, the sender of what is written here. */
  userId: number | null;
  /** The other side's name, for the labels ('Chat con Rosa Huamán'). */
  peerName: string;
  /** How the other side's messages are signed ('Conductor', or the passenger's name). */
  peerLabel: string;
  client?: ChatClient;
}

const EMPTY_HINT: Record<ChatMessage['role'], string> = {
  passenger: 'Aún no hay mensajes.',
  driver: 'Aún no hay mensajes. Saluda al pasajero.',
};

/**
 * The per-offer chat box of both phones (spec §2): the newest stored messages plus live ones, who wrote
 * each ('Tú' for this phone), 'Ver mensajes anteriores' above them while older ones are stored, 'Escribe
 * un mensaje'; a blank message is not sent and a failed one keeps its text.
 */
export function OfferChat({ tripId, driverId, role, userId, peerName, peerLabel, client }: OfferChatProps) {
  const { messages, isLoading, error, hasOlder, loadOlder, isLoadingOlder, send, isSending } = useTripChat({
    tripId,
    driverId,
    role,
    senderId: userId,
    ...(client ? { client } : {}),
  });
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);
  const shown = useRef<{ oldest?: string; newest?: string }>({});
  /** Set when older messages are asked for: the distance from the list's end, and what was the oldest then. */
  const anchor = useRef<{ fromEnd: number; oldest: string | undefined } | null>(null);

  // Before paint, so the list never flashes at the wrong place: older messages put above keep what the
  // reader was looking at where it was; a new last message (sent or received) scrolls to the end.
  useLayoutEffect(() => {
    const element = list.current;
    const oldest = messages[0] && messageKey(messages[0]);
    const newest = messages.at(-1) && messageKey(messages.at(-1)!);
    const before = shown.current;
    shown.current = { oldest, newest };
    if (!element) return;
    const kept = anchor.current;
    if (kept && oldest !== kept.oldest) {
      anchor.current = null;
      element.scrollTop = element.scrollHeight - kept.fromEnd;
    } else if (newest !== before.newest) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages]);

  const showOlder = (): void => {
    const element = list.current;
    anchor.current = { fromEnd: element ? element.scrollHeight - element.scrollTop : 0, oldest: shown.current.oldest };
    void loadOlder();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isSending || chatTextToSend(text) === null) return;
    setSendError(null);
    try {
      if (await send(text)) setText('');
    } catch (failure) {
      setSendError(failure instanceof Error ? failure.message : 'No se pudo enviar el mensaje');
    }
  };

  return (
    <section className="dt-chat">
      {isLoading && <p className="muted">Cargando mensajes...</p>}
      {Boolean(error) && !isLoading && (
        <p className="dt-chat__error" role="alert">
          {errorMessage(error, CHAT_FALLBACK)}
        </p>
      )}
      {!isLoading && !error && messages.length === 0 && <p className="muted">{EMPTY_HINT[role]}</p>}
      {hasOlder && (
        <Button variant="ghost" className="dt-chat__older" onClick={showOlder} disabled={isLoadingOlder}>
          {isLoadingOlder ? 'Cargando mensajes anteriores...' : 'Ver mensajes anteriores'}
        </Button>
      )}
      {/* Focusable: a conversation taller than its box scrolls, and a keyboard must be able to scroll it too. */}
      <ol
        className="dt-chat__list"
        ref={list}
        tabIndex={0}
        aria-label={`Chat con ${peerName}`}
        aria-live="polite"
        aria-busy={isLoadingOlder}
      >
        {messages.map((m) => (
          // The time is drawn from data-time (CSS) so the message reads as 'who + text'.
          <li
            key={messageKey(m)}
            className={`dt-chat__msg dt-chat__msg--${m.role === role ? 'mine' : 'theirs'}`}
            data-time={formatChatTime(m.timestamp)}
          >
            <span className="dt-chat__who">{m.role === role ? 'Tú' : peerLabel}</span>
            <span className="dt-chat__text">{m.message}</span>
          </li>
        ))}
      </ol>
      <form className="dt-chat__form" onSubmit={(e) => void onSubmit(e)}>
        <label className="visually-hidden" htmlFor={inputId}>
          Mensaje para {peerName}
        </label>
        <input
          id={inputId}
          className="field__control dt-chat__input"
          name="message"
          placeholder="Escribe un mensaje"
          autoComplete="off"
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {/* Compact and secondary, inside the message row: on an offer card 'Aceptar' is the one main button. */}
        <button
          type="submit"
          className="icon-btn dt-chat__send"
          aria-label="Enviar"
          title="Enviar"
          disabled={isSending}
          aria-busy={isSending}
        >
          <SendIcon />
        </button>
      </form>
      {sendError && (
        <p className="dt-chat__error" role="alert">
          <span>{sendError}</span>: el mensaje no se envió.
        </p>
      )}
    </section>
  );
}
