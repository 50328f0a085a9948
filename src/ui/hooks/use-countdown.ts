import { useEffect, useState } from 'react';

const secondsLeft = (until: number | null): number | null =>
  until === null ? null : Math.max(0, Math.ceil((until - Date.now()) / 1000));

/** Whole seconds until `until` (epoch ms), ticking; null when not waiting. */
export function useCountdown(until: number | null): number | null {
  const [value, setValue] = useState(() => secondsLeft(until));
  useEffect(() => {
    const left = () => secondsLeft(until);
    setValue(left());
    if (until === null) return;
    const timer = setInterval(() => {
      const v = left();
      setValue(v);
      if (v === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return value === 0 ? null : value;
}
