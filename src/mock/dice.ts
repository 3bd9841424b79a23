import type { Faker } from '@faker-js/faker';

/** Seeded sources of the per-request randomness, shared by every engine of one app and reset with it. */
export interface Dice {
  random(): number;
  readonly faker: Faker;
}
