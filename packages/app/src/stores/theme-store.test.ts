import { beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, useThemeStore } from './theme-store';

describe('theme store', () => {
  beforeEach(() => useThemeStore.setState(useThemeStore.getInitialState()));

  it("defaults to 'system' and offers light, dark and system", () => {
    expect(useThemeStore.getState().current).toBe('system');
    expect(useThemeStore.getState().available).toEqual(['light', 'dark', 'system']);
  });

  it.each(['light', 'dark', 'system'])('accepts %s', (theme) => {
    useThemeStore.getState().setTheme(theme);
    expect(useThemeStore.getState().current).toBe(theme);
  });

  it('ignores a value outside light, dark and system', () => {
    useThemeStore.getState().setTheme('dark');
    useThemeStore.getState().setTheme('sepia');
    useThemeStore.getState().setTheme('');
    expect(useThemeStore.getState().current).toBe('dark');
  });

  it('persists the chosen theme only', () => {
    useThemeStore.getState().setTheme('light');
    const saved = JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'null') as {
      state: unknown;
    };
    expect(saved.state).toEqual({ current: 'light' });
  });

  it('ignores an unknown theme found in storage', async () => {
    localStorage.setItem(
      THEME_STORAGE_KEY,
      JSON.stringify({ state: { current: 'neon' }, version: 0 }),
    );
    await useThemeStore.persist.rehydrate();
    expect(useThemeStore.getState().current).toBe('system');

    localStorage.setItem(
      THEME_STORAGE_KEY,
      JSON.stringify({ state: { current: 'dark' }, version: 0 }),
    );
    await useThemeStore.persist.rehydrate();
    expect(useThemeStore.getState().current).toBe('dark');
  });
});
