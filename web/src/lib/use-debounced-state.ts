import { useCallback, useEffect, useState } from 'react';

/**
 * A text value that follows the input at once and a debounced copy that settles `delayMs` after
 * typing stops. `setNow` changes both immediately (e.g. clearing filters).
 */
export function useDebouncedState<T>(initial: T, delayMs: number) {
  const [value, setValue] = useState(initial);
  const [debounced, setDebounced] = useState(initial);

  useEffect(() => {
    if (Object.is(value, debounced)) return;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, debounced, delayMs]);

  const setNow = useCallback((next: T) => {
    setValue(next);
    setDebounced(next);
  }, []);

  return { value, debounced, set: setValue, setNow };
}
