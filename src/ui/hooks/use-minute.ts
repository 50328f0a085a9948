import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/**
 * The time now, read again at the turn of every minute: what is drawn
 * from the clock (how long a customer has waited, whether a target has
 * passed) follows it without a read of the board.
 */
export function useMinute(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const next = (): void => {
      timer = setTimeout(
        () => {
          setNow(Date.now());
          next();
        },
        MINUTE - (Date.now() % MINUTE) + 5,
      );
      // A clock on screen never keeps the process alive.
      timer.unref?.();
    };
    next();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
