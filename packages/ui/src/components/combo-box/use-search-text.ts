import { useEffect, useMemo, useRef } from 'react';

/**
 * Decides when typed text becomes a search: once it has at least `minLength` characters
 * (trimmed), and '' once it goes back below after a search was made. Shorter text never
 * searches (spec 2 §5: "Choice search filters after 3 typed characters").
 */
export function useSearchText(minLength: number, emit: (search: string) => void) {
  const lastRef = useRef('');
  const emitRef = useRef(emit);
  useEffect(() => {
    emitRef.current = emit;
  });
  return useMemo(() => {
    const send = (search: string) => {
      if (search === lastRef.current) return;
      lastRef.current = search;
      emitRef.current(search);
    };
    return {
      /** Feeds the current input text. */
      update(text: string) {
        const trimmed = text.trim();
        send(trimmed.length >= minLength ? trimmed : '');
      },
      /** Ends the current search (after a choice), going back to the unfiltered list. */
      reset() {
        send('');
      },
    };
  }, [minLength]);
}
