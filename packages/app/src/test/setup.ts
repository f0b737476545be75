import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installMatchMedia, resetMediaEnvironment } from './match-media';

installMatchMedia();

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetMediaEnvironment();
});
