import { useCallback, useRef, useState, type MutableRefObject } from 'react';

/**
 * useState whose setter also updates a ref at once. Keys can arrive before
 * React renders the change the previous key made (Enter then Esc in one
 * read); key handlers read the ref, so the second key sees the first one's
 * screen. Rendering still reads the state.
 */
export function useLatestState<T>(initial: T): [T, (next: T) => void, MutableRefObject<T>] {
  const [value, setValue] = useState(initial);
  const ref = useRef(initial);
  const set = useCallback((next: T) => {
    ref.current = next;
    setValue(next);
  }, []);
  return [value, set, ref];
}
