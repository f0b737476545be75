import '@testing-library/jest-dom/vitest';
import { toast } from '@anaquel/ui';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installMatchMedia, resetMediaEnvironment } from './match-media';

installMatchMedia();

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
