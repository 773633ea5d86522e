import { nextPage, pageButtons, previousPage } from '@/lib/pagination.js';

export function Pagination({
  page,
  totalPages,
  maxButtons,
  onChange,
}: {
  page: number;
  totalPages: number;
  maxButtons: number;
  onChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" className="page-btn" onClick={() => onChange(previousPage(page, totalPages))} aria-label="Previous page">
        ‹
      </button>
      {pageButtons(page, totalPages, maxButtons).map((n) => (
        <button
          key={n}
          type="button"
          className={`page-btn ${n === page ? 'active' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="page-btn" onClick={() => onChange(nextPage(page, totalPages))} aria-label="Next page">
        ›
      </button>
    </nav>
  );
}
