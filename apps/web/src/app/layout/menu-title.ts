import { MENU } from '@echeq/contract';

export const APP_TITLE = 'ECHEQ Platform';

/** Screens reached from the account menu rather than the side menu, by their entry's title. */
const ACCOUNT_MENU = [{ path: '/profile', title: 'Perfil' }] as const;

/** The title of the menu entry (side or account menu) the path belongs to; 'ECHEQ Platform' elsewhere. */
export function menuTitleFor(pathname: string): string {
  const entry = [...MENU, ...ACCOUNT_MENU].find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
  return entry?.title ?? APP_TITLE;
}
