import { useRef, useState } from 'react';
import type { Notice } from './ConsoleNotice.tsx';
import type { ConsoleAnswer } from './consoleApi.ts';

/**
 * A notice that only the latest action may set. `begin` starts an action: its notice replaces
 * the one before, and only the latest action's notice is shown — a test push answers only once
 * its attempt is recorded (up to 15 s), and its late answer must not wipe the refusal of a
 * callback URL changed meanwhile.
 */
export function useLatestNotice() {
  const [notice, setNotice] = useState<Notice>();
  const latest = useRef(0);
  const begin = () => {
    const mine = ++latest.current;
    setNotice(undefined);
    const show = (next: Notice) => {
      if (mine === latest.current) setNotice(next);
    };
    const failed = (answer: ConsoleAnswer<unknown>) => {
      if (!answer.ok) show({ ok: false, text: answer.message });
      return !answer.ok;
    };
    return { show, failed };
  };
  return { notice, setNotice, begin };
}
