import { MENU } from '@echeq/contract';

export const APP_TITLE = 'ECHEQ Platform';

/** The title of the menu entry the path belongs to; 'ECHEQ Platform' elsewhere. */
export function menuTitleFor(pathname: string): string {
  const entry = MENU.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
  return entry?.title ?? APP_TITLE;
}
