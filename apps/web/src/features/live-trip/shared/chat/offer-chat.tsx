import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, type ChatMessage } from '@jala/contracts';
import { errorMessage } from '../../../../lib/api-client';
import { CHAT_FALLBACK } from '../api';
import { formatChatTime } from '../format';
import { chatTextToSend } from './merge-chat';
import { useTripChat, type ChatClient } from './use-trip-chat';
import './chat.css';

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
 * The per-offer chat box of both phones (spec §2): stored history plus live messages, who wrote each
 * ('Tú' for this phone), 'Escribe un mensaje'; a blank message is not sent and a failed one keeps its text.
 */
export function OfferChat({ tripId, driverId, role, userId, peerName, peerLabel, client }: OfferChatProps) {
  const { messages, isLoading, error, send, isSending } = useTripChat({ tripId, driverId, role, senderId: userId, ...(client ? { client } : {}) });
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

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
      {Boolean(error) && !isLoading && <p className="dt-chat__error" role="alert">{errorMessage(error, CHAT_FALLBACK)}</p>}
      {!isLoading && !error && messages.length === 0 && <p className="muted">{EMPTY_HINT[role]}</p>}
      <ol className="dt-chat__list" ref={list} aria-label={`Chat con ${peerName}`} aria-live="polite">
        {messages.map((m) => (
          // The time is drawn from data-time (CSS) so the message reads as 'who + text'.
          <li key={`${m.sender}-${m.timestamp}-${m.message}`} className={`dt-chat__msg dt-chat__msg--${m.role === role ? 'mine' : 'theirs'}`} data-time={formatChatTime(m.timestamp)}>
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
        <button type="submit" className="btn btn--primary dt-chat__send" disabled={isSending}>
          {isSending ? 'Enviando...' : 'Enviar'}
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
