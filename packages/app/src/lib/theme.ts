import { useThemeStore, type Theme } from '../stores/theme-store';

export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** Sets class `dark` and `data-theme` on the root element (the same as the inline script in index.html). */
function applyTheme(resolved: ResolvedTheme, root: HTMLElement = document.documentElement) {
  root.classList.toggle('dark', resolved === 'dark');
  root.setAttribute('data-theme', resolved);
  root.style.colorScheme = resolved;
}

/**
 * Keeps the root element in step with the theme store and, for 'system', with the operating
 * system's preference, live (spec 1 §4). Returns the function that stops listening.
 */
export function startThemeSync(win: Window = window): () => void {
  const media = win.matchMedia(DARK_QUERY);
  const root = win.document.documentElement;
  const apply = () =>
    applyTheme(resolveTheme(useThemeStore.getState().current, media.matches), root);

  apply();
  const unsubscribe = useThemeStore.subscribe((state, previous) => {
    if (state.current !== previous.current) apply();
  });
  const onSystemChange = () => {
    if (useThemeStore.getState().current === 'system') apply();
  };
  media.addEventListener('change', onSystemChange);
  return () => {
    unsubscribe();
    media.removeEventListener('change', onSystemChange);
  };
}
