import { ThemeMenu } from '@anaquel/ui';
import { useMediaQuery } from '../../lib/use-media-query';
import { useThemeStore } from '../../stores/theme-store';

/**
 * The header's 'Tema' menu bound to the theme store (applied to <html> by lib/theme). Loaded on
 * demand by ./theme-switcher.tsx (its react-aria menu, popover and collection code is kept out of
 * the sign-in route).
 */
export function ThemeMenuSwitcher() {
  const current = useThemeStore((s) => s.current);
  const setTheme = useThemeStore((s) => s.setTheme);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  return (
    <ThemeMenu value={current} onChange={setTheme} resolvedTheme={prefersDark ? 'dark' : 'light'} />
  );
}
