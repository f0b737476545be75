import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPrefersDark } from '../test/match-media';
import { useThemeStore } from '../stores/theme-store';
import { resolveTheme, startThemeSync } from './theme';

const root = document.documentElement;

describe('theme on the document root', () => {
  let stop: () => void = () => {};
  beforeEach(() => useThemeStore.setState(useThemeStore.getInitialState()));
  afterEach(() => stop());

  it('resolves system from the preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('applies the chosen theme as class and data-theme', () => {
    stop = startThemeSync();
    useThemeStore.getState().setTheme('dark');
    expect(root).toHaveClass('dark');
    expect(root).toHaveAttribute('data-theme', 'dark');
    useThemeStore.getState().setTheme('light');
    expect(root).not.toHaveClass('dark');
    expect(root).toHaveAttribute('data-theme', 'light');
  });

  it("follows the operating system live while on 'system'", () => {
    stop = startThemeSync();
    expect(root).toHaveAttribute('data-theme', 'light');
    setPrefersDark(true);
    expect(root).toHaveClass('dark');
    expect(root).toHaveAttribute('data-theme', 'dark');
    setPrefersDark(false);
    expect(root).toHaveAttribute('data-theme', 'light');
  });

  it('ignores the operating system while a fixed theme is chosen', () => {
    stop = startThemeSync();
    useThemeStore.getState().setTheme('light');
    setPrefersDark(true);
    expect(root).toHaveAttribute('data-theme', 'light');
    useThemeStore.getState().setTheme('system');
    expect(root).toHaveAttribute('data-theme', 'dark');
  });

  it('stops following once stopped', () => {
    stop();
    stop = startThemeSync();
    stop();
    useThemeStore.getState().setTheme('dark');
    expect(root).not.toHaveClass('dark');
  });
});
