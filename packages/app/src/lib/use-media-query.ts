import { useCallback, useSyncExternalStore } from 'react';

/** spec 1 §9: tablet from 768 px, desktop from 1024 px; below 768 px is mobile. */
export const BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;

export type Viewport = 'mobile' | 'tablet' | 'desktop';

/** Whether the CSS media query matches, updated live. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The current viewport class (spec 1 §2 breakpoints). */
export function useViewport(): Viewport {
  const atLeastTablet = useMediaQuery(`(min-width: ${BREAKPOINTS.tablet}px)`);
  const atLeastDesktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`);
  if (atLeastDesktop) return 'desktop';
  return atLeastTablet ? 'tablet' : 'mobile';
}
