import { useId, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX } from '@jala/contracts';
import { errorMessage } from '../../../lib/api-client';
import { realtimeErrorMessage } from '../../../lib/realtime';
import { useTripChat } from '../hooks/use-trip-chat';
import { senderLabel } from '../model/chat';

export interface OfferChatProps {
  tripId: number;
  driverId: number;
  driverName: string;
  userId: number | null;
}

/** The per-offer chat box (spec §2): sender role and message, 'Escribe un mensaje', blank messages not sent. */
export function OfferChat({ tripId, driverId, driverName, userId }: OfferChatProps) {
  const { messages, isLoading, error, send } = useTripChat(tripId, driverId, userId);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const inputId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (sending || text.trim() === '') return;
    setSending(true);
    setSendError(null);
    try {
      if (await send(text)) setText('');
    } catch (failure) {
      setSendError(`${realtimeErrorMessage(failure)}: el mensaje no se envió.`);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="ptr-chat">
      <ul className="ptr-chat__log" aria-label={`Chat con ${driverName}`} aria-live="polite">
        {isLoading && <li className="ptr-chat__note">Cargando mensajes...</li>}
        {error && !isLoading && <li className="ptr-chat__note ptr-chat__note--error">{errorMessage(error, 'No se pudo cargar la conversación')}</li>}
        {!isLoading && !error && messages.length === 0 && <li className="ptr-chat__note">Aún no hay mensajes.</li>}
        {messages.map((m) => (
          <li key={`${m.sender}-${m.timestamp}-${m.message}`} className={`ptr-chat__message ptr-chat__message--${m.role}`}>
            <span className="ptr-chat__sender">{senderLabel(m.role)}</span>
            <span className="ptr-chat__text">{m.message}</span>
          </li>
        ))}
      </ul>
      <form className="ptr-chat__form" onSubmit={(e) => void onSubmit(e)}>
        <label className="ptr-visually-hidden" htmlFor={inputId}>
          Mensaje para {driverName}
        </label>
        <input
          id={inputId}
          className="field__control ptr-chat__input"
          placeholder="Escribe un mensaje"
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="btn btn--ghost ptr-chat__send" disabled={sending}>
          Enviar
        </button>
      </form>
      {sendError && (
        <p className="field__error" role="alert">
          {sendError}
        </p>
      )}
    </div>
  );
}
