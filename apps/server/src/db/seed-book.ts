import type { SeedStep } from './seed';

/** Demo cheques and custody records in every status (filled by the cheques and custody capability). */
export const seedBook: SeedStep = async () => {};
