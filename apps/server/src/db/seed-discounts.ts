import type { SeedStep } from './seed';

/** Demo discounts in every status (filled by the discounts capability). */
export const seedDiscounts: SeedStep = async () => {};
