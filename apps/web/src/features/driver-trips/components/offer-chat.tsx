import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { chatTextToSend } from '../chat-messages';
import { formatChatTime } from '../format';
import { useOfferChat, type ChatClient } from '../hooks/use-offer-chat';

export interface OfferChatProps {
  tripId: number;
  driverId: number;
  passengerName: string;
  client?: ChatClient;
}

/** Per-offer chat with the passenger: stored history plus live messages; blank messages are not sent. */
export function OfferChat({ tripId, driverId, passengerName, client }: OfferChatProps) {
  const { messages, isLoading, error, send } = useOfferChat(tripId, driverId, client);
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    // Spec §5: a message that is blank after trimming is not sent.
    if (isSending || chatTextToSend(text) === null) return;
    setSendError(null);
    setIsSending(true);
    try {
      if (await send(text)) setText('');
    } catch (failure) {
      setSendError(failure instanceof Error ? failure.message : 'No se pudo enviar el mensaje');
    } finally {
      setIsSending(false);
    }
  };

  return (
    <section className="dt-chat" aria-label={`Chat con ${passengerName}`}>
      {isLoading && <p className="dt-chat__note">Cargando mensajes...</p>}
      {Boolean(error) && <p className="dt-chat__error" role="alert">{errorMessage(error, 'No se pudo cargar la conversación')}</p>}
      {!isLoading && !error && messages.length === 0 && <p className="dt-chat__note">Aún no hay mensajes. Saluda al pasajero.</p>}
      {messages.length > 0 && (
        <ol className="dt-chat__list" ref={list} aria-live="polite">
          {messages.map((m) => (
            <li key={`${m.sender}-${m.timestamp}-${m.message}`} className={`dt-chat__msg dt-chat__msg--${m.role === 'driver' ? 'mine' : 'theirs'}`}>
              <span className="dt-chat__who">{m.role === 'driver' ? 'Tú' : passengerName}</span>
              <span className="dt-chat__text">{m.message}</span>
              <time className="dt-chat__time" dateTime={m.timestamp}>
                {formatChatTime(m.timestamp)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <form className="dt-chat__form" onSubmit={(e) => void onSubmit(e)}>
        <input
          className="field__control dt-chat__input"
          name="message"
          placeholder="Escribe un mensaje"
          aria-label="Escribe un mensaje"
          autoComplete="off"
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn--primary dt-chat__send" disabled={isSending || text.trim() === ''}>
          {isSending ? 'Enviando...' : 'Enviar'}
        </button>
      </form>
      {sendError && <p className="dt-chat__error" role="alert">{sendError}</p>}
    </section>
  );
}
