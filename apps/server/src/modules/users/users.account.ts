import type { User } from '@echeq/contract';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { toUserDto } from './users.mapper';
import { findUserByEmail, findUserById, type UserRow } from './users.queries';

// A user's own account as sign-in and the account screens ask for it (auth, through the index): answers and checks,
// not the module's rows.

/** The account a sign-in names by its e-mail, with what the checks need (password hash, state, bank, second factor). */
export const signInAccount = (db: Queryable, email: string): Promise<UserRow | null> => findUserByEmail(db, email);

/**
 * The signed-in user's own account, for a check or a change; `lock` holds its row for the rest of the caller's
 * transaction. An account that no longer exists is refused (401).
 */
export async function ownAccount(q: Queryable, userId: string, opts: { lock?: boolean } = {}): Promise<UserRow> {
  const user = await findUserById(q, userId, opts.lock ?? false);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/** The user as the contract shows it, read now (after a sign-in, a registration, a change of its account). */
export async function userView(db: Queryable, userId: string): Promise<User> {
  return toUserDto(await ownAccount(db, userId));
}
