/** '★ 4.8' (one decimal, spec §9), or 'Sin calificaciones' for a driver nobody rated yet. */
export function RatingText({ rating }: { rating: number | null | undefined }) {
  if (rating === null || rating === undefined)
    return <span className="ptr-rating ptr-rating--none">Sin calificaciones</span>;
  return (
    <span className="ptr-rating" aria-label={`Calificación ${rating.toFixed(1)} de 5`}>
      ★ {rating.toFixed(1)}
    </span>
  );
}
