import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export interface ThemeState {
  current: Theme;
  available: readonly Theme[];
  /** Chooses a theme; a value outside light, dark, system is ignored (spec 1 §4). */
  setTheme: (theme: string) => void;
}

/** Also read by the inline script in index.html before the first paint. */
export const THEME_STORAGE_KEY = 'anaquel-theme';

export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      current: 'system',
      available: THEMES,
      setTheme: (theme) => {
        if (isTheme(theme)) set({ current: theme });
      },
    }),
    {
      name: THEME_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ current }) => ({ current }),
      // A tampered value in storage falls back to the default instead of reaching the DOM.
      merge: (persisted, state) => {
        const current = (persisted as { current?: unknown } | undefined)?.current;
        return isTheme(current) ? { ...state, current } : state;
      },
    },
  ),
);
