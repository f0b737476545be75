import { Button, MoonIcon, SunIcon } from '@anaquel/ui';
import { type ComponentType, useLayoutEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { useThemeStore } from '../../stores/theme-store';
import type * as ThemeMenuExports from './theme-menu';

type ThemeMenuModule = typeof ThemeMenuExports;

let loaded: ComponentType | null = null;
let loading: Promise<ThemeMenuModule> | null = null;

function loadThemeMenu(): Promise<ThemeMenuModule> {
  loading ??= import('./theme-menu').then(
    (module) => {
      loaded = module.ThemeMenuSwitcher;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The header's 'Tema' button. The menu behind it (react-aria menu, popover, collections: about
 * 30 KB compressed) is not part of the first paint: this button, with the same look and name,
 * stands in for it and fetches it as soon as the pointer comes near, the button gets focus or is
 * pressed; then the real menu takes its place (keeping the focus), and opens if it was pressed.
 */
export function ThemeSwitcher() {
  const [Menu, setMenu] = useState<ComponentType | null>(() => loaded);
  const wrapper = useRef<HTMLSpanElement>(null);
  const focused = useRef(false);
  const pressed = useRef(false);
  const current = useThemeStore((s) => s.current);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');

  const load = () => {
    loadThemeMenu().then(
      (module) => setMenu(() => module.ThemeMenuSwitcher),
      () => undefined,
    );
  };

  useLayoutEffect(() => {
    if (!Menu) return;
    const button = wrapper.current?.querySelector('button');
    if (focused.current) button?.focus();
    // A press on the stand-in opens the menu once it is there (a virtual click, as assistive
    // technology sends).
    if (pressed.current) button?.click();
    focused.current = false;
    pressed.current = false;
  }, [Menu]);

  if (Menu) {
    return (
      <span ref={wrapper} className="contents">
        <Menu />
      </span>
    );
  }
  const shown = current === 'system' ? (prefersDark ? 'dark' : 'light') : current;
  const Icon = shown === 'dark' ? MoonIcon : SunIcon;
  return (
    <span ref={wrapper} className="contents">
      <Button
        variant="icon"
        aria-label="Tema"
        aria-haspopup="true"
        aria-expanded={false}
        onHoverStart={load}
        onFocus={() => {
          focused.current = true;
          load();
        }}
        onBlur={() => {
          focused.current = false;
        }}
        onPressStart={() => {
          pressed.current = true;
          load();
        }}
      >
        <Icon />
      </Button>
    </span>
  );
}
