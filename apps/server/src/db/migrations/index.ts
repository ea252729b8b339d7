import type { Migration } from '../../platform/db/migrate';
import m0001 from './0001_foundation.sql?raw';

/** Every migration, in order. A new file is added here by hand, never edited once committed. */
export const MIGRATIONS: readonly Migration[] = [{ id: '0001_foundation', sql: m0001 }];
