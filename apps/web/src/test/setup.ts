import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { desktopMatchMedia } from './media';

// findBy*/waitFor wait up to 10 s: the first render of a lazy route transforms its modules on demand.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; MUI's useMediaQuery needs one. Tests see a desktop screen unless they call stubPhone().
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: desktopMatchMedia });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
