/** Page movement wraps: next from the last page goes to 1, previous from 1 goes to the last. */
export function nextPage(current: number, totalPages: number): number {
  if (totalPages <= 1) return 1;
  return current >= totalPages ? 1 : current + 1;
}

export function previousPage(current: number, totalPages: number): number {
  if (totalPages <= 1) return 1;
  return current <= 1 ? totalPages : current - 1;
}

/** At most `maxButtons` consecutive page numbers, with the current page as close to the middle as the ends allow. */
export function pageButtons(current: number, totalPages: number, maxButtons: number): number[] {
  if (totalPages < 1 || maxButtons < 1) return [];
  const count = Math.min(totalPages, maxButtons);
  const page = Math.min(Math.max(current, 1), totalPages);
  let first = page - Math.floor((count - 1) / 2);
  first = Math.max(1, Math.min(first, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}
