import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'storybook/preview-api';
// The app's styles: the design system's plus the classes of the app's screens (their stories).
import '../packages/app/src/styles.css';

type Theme = 'light' | 'dark';

// Mirrors what the app does on <html>: class `dark` plus `data-theme` (see labels: theme menu).
const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.dataset.theme = theme;
    root.lang = 'es-MX';
  }, [theme]);
  return Story();
};

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Tema claro u oscuro',
      toolbar: {
        title: 'Tema',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Claro', icon: 'sun' },
          { value: 'dark', title: 'Oscuro', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: {
      // Every story is a test and fails on any axe violation (WCAG 2.2 AA rule set).
      test: 'error',
      options: {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      },
    },
  },
};

export default preview;
