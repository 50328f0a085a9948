import { useCallback, useEffect, useState } from 'react';

/** A transient success notice for the status bar; gone after `ms` or the next key. */
export function useNotice(ms = 4000): [string | null, (text: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (notice === null) return;
    const t = setTimeout(() => setNotice(null), ms);
    return () => clearTimeout(t);
  }, [notice, ms]);
  return [notice, useCallback((text: string | null) => setNotice(text), [])];
}
