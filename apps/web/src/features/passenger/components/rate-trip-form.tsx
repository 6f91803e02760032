import '../passenger.css';

import type { RateTripRequest, TripRatingStatus } from '@jala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-client';

import { fetchTripRatingStatus, passengerKeys, rateTrip } from '../api/passenger-api';
import { StarRatingDisplay, StarRatingInput } from './star-rating';

/** Same limit as the contract's zRateTripRequest (kept here so this chunk does not pull zod in). */
export const RATING_COMMENT_MAX = 300;

export interface RateTripFormProps {
  tripId: number;
  /** Heading, e.g. 'Califica a tu conductor' or 'Califica a tu pasajero'. */
  title: string;
  onRated?(score: number): void;
}

/**
 * Rates the other party of a completed trip, for the passenger or the driver alike (the server decides
 * who the session user is on that trip). Shows the given rating once there is one; nothing before the
 * trip is completed.
 */
export function RateTripForm({ tripId, title, onRated }: RateTripFormProps) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: passengerKeys.rating(tripId), queryFn: () => fetchTripRatingStatus(tripId) });
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const commentId = useId();
  const rating = useMutation({
    mutationFn: (request: RateTripRequest) => rateTrip(tripId, request),
    onMutate: () => setError(null),
    onSuccess: (given) => {
      queryClient.setQueryData<TripRatingStatus>(passengerKeys.rating(tripId), (old) =>
        old ? { ...old, can_rate: false, my_rating: given } : old,
      );
      void queryClient.invalidateQueries({ queryKey: passengerKeys.histories });
      onRated?.(given.score);
    },
    onError: (failure) => {
      setError(errorMessage(failure, 'No se pudo enviar la calificación'));
      // Rated meanwhile from another device: show what the server has.
      void status.refetch();
    },
  });
  const isSending = rating.isPending;

  if (status.isPending) return <p className="muted">Cargando calificación...</p>;
  if (status.isError)
    return (
      <p className="pw-form-error" role="alert">
        {errorMessage(status.error, 'No se pudo obtener la calificación')}
      </p>
    );

  const { my_rating: given, can_rate: canRate, ratee_name: rateeName } = status.data;
  if (given) {
    return (
      <section className="pw-rate-trip" aria-label={title}>
        <p className="pw-rate-trip__title">Tu calificación{rateeName ? ` para ${rateeName}` : ''}</p>
        <StarRatingDisplay score={given.score} />
        {given.comment && <p className="pw-rate-trip__comment">“{given.comment}”</p>}
        {error && (
          <p className="pw-form-error" role="alert">
            {error}
          </p>
        )}
      </section>
    );
  }
  if (!canRate) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setError(null);
    if (score < 1) {
      setError('Elige de 1 a 5 estrellas.');
      return;
    }
    rating.mutate({ score, comment: comment.trim() || null });
  };

  return (
    <form className="pw-rate-trip" aria-label={title} onSubmit={onSubmit} noValidate>
      <p className="pw-rate-trip__title">{title}</p>
      {rateeName && <p className="muted">¿Cómo fue tu viaje con {rateeName}?</p>}
      <StarRatingInput
        value={score}
        onChange={(s) => {
          setScore(s);
          setError(null);
        }}
        label={title}
        disabled={isSending}
      />
      <div className="field">
        <label className="field__label" htmlFor={commentId}>
          Comentario (opcional)
        </label>
        <textarea
          id={commentId}
          className="field__control pw-rate-trip__textarea"
          name="comment"
          rows={2}
          maxLength={RATING_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder="Cuéntanos algo más"
          disabled={isSending}
          aria-describedby={`${commentId}-count`}
        />
        <span className="field__hint" id={`${commentId}-count`}>
          {comment.length}/{RATING_COMMENT_MAX}
        </span>
      </div>
      {error && (
        <p className="pw-form-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" block disabled={isSending}>
        {isSending ? 'Enviando...' : 'Enviar calificación'}
      </Button>
    </form>
  );
}
