// The server's own database code, bundled for the benchmark (lib/build.mjs): the same migrations, drivers and
// password hashing the app uses, so the generated book is exactly what the app would have created.
export { MIGRATIONS } from '../../apps/server/src/db/migrations';
export { hashPassword } from '../../apps/server/src/platform/auth/password';
export { migrate } from '../../apps/server/src/platform/db/migrate';
export { openPg } from '../../apps/server/src/platform/db/pg';
export { openPglite } from '../../apps/server/src/platform/db/pglite';
