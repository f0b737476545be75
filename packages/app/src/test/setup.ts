import '@testing-library/jest-dom/vitest';
import '@anaquel/ui/test/jsdom-polyfills';
import { toast } from '@anaquel/ui';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installMatchMedia, resetMediaEnvironment } from './match-media';

installMatchMedia();

// Screens are code-split and transformed on the fly: on a loaded machine their first render can
// outlast the default 1 s of findBy/waitFor. A longer ceiling changes no assertion, only how long
// a failing one waits.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout, hence no ResizeObserver; react-aria overlays only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  toast.clear();
  localStorage.clear();
  resetMediaEnvironment();
});
