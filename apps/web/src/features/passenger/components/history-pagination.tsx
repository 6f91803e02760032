/** Previous/next arrows and 'Página X de Y', only when there is more than one page (spec §2). */
export function HistoryPagination({
  page,
  totalPages,
  onPage,
  disabled,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pw-pager" aria-label="Paginación del historial">
      <button
        type="button"
        className="icon-btn pw-pager__arrow"
        aria-label="Página anterior"
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M15 18 9 12l6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <span className="pw-pager__label" aria-live="polite">
        Página {page} de {totalPages}
      </span>
      <button
        type="button"
        className="icon-btn pw-pager__arrow"
        aria-label="Página siguiente"
        disabled={disabled || page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="m9 6 6 6-6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </nav>
  );
}
