import { vi } from 'vitest';

/** The widths the screens are looked at: a desktop's and a phone's. */
const DESKTOP_WIDTH = 1366;
const PHONE_WIDTH = 390;

/**
 * Whether a media query holds on a screen `width` pixels wide, by its min-width and max-width parts (MUI's
 * breakpoints: `(min-width:900px)`, `(max-width:599.95px)`, both for a range). A query without either (a preference,
 * a print query) does not hold.
 */
function matchesWidth(query: string, width: number): boolean {
  const bounds = (name: string) =>
    [...query.matchAll(new RegExp(`${name}:\\s*([\\d.]+)px`, 'g'))].map((m) => Number(m[1]));
  const min = bounds('min-width');
  const max = bounds('max-width');
  if (min.length === 0 && max.length === 0) return false;
  return min.every((m) => width >= m) && max.every((m) => width <= m);
}

/** jsdom has no matchMedia (MUI's useMediaQuery needs one): one answering as a screen `width` pixels wide would. */
function matchMediaAt(width: number) {
  return (query: string) => ({
    matches: matchesWidth(query, width),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

/** What every test sees unless it asks for a phone: a desktop screen (test/setup.ts installs it). */
export const desktopMatchMedia = matchMediaAt(DESKTOP_WIDTH);

/** The rest of the test sees a phone's screen (390 px wide); undone after each test (vi.unstubAllGlobals). */
export function stubPhone(): void {
  vi.stubGlobal('matchMedia', matchMediaAt(PHONE_WIDTH));
}
