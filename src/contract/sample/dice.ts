import type { Faker } from '@faker-js/faker';
// The English-only entry point: the package root loads every locale (about 36 MB of heap and
// 120 ms at start-up, measured with `node -e "await import('@faker-js/faker')"`); this one, 7 MB.
import { faker as englishFaker } from '@faker-js/faker/locale/en';

// That entry point exports a ready instance only; its constructor is the Faker class itself.
const FakerClass = englishFaker.constructor as typeof Faker;

/** A new English faker of its own, seeded: one per app (and per seeded request), never shared. */
export function createFaker(seed: number): Faker {
  const faker = new FakerClass({ locale: englishFaker.rawDefinitions });
  faker.seed(seed);
  return faker;
}

/**
 * Where the sampler's randomness comes from: numbers, and a faker for values that fit a field's
 * name (a phone number for `phone`). Both are seeded, so one seed gives the same values.
 */
export interface Dice {
  /** An integer in [min, max], both included (min when max ≤ min). */
  int(min: number, max: number): number;
  /** A float in [0, 1). */
  next(): number;
  /** A seeded English faker drawing from the same seed. */
  readonly faker: Faker;
}

/** The mock's dice: its seeded faker, for numbers too (one stream per app, as before). */
export function diceOfFaker(faker: Faker): Dice {
  return {
    int: (min, max) => (max <= min ? min : faker.number.int({ min, max })),
    next: () => faker.number.int({ min: 0, max: 0xffffffff }) / 4294967296,
    faker,
  };
}

/**
 * A small seeded PRNG (mulberry32): the same seed gives the same numbers, in the same order, on
 * every machine. One instance per run (the runner) or per purpose (the mock's dice), never shared.
 * Its faker is made on first use, seeded from this stream.
 */
export class Random implements Dice {
  private state: number;
  private fakerOf: Faker | undefined;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (max <= min) return min;
    return min + Math.floor(this.next() * (max - min + 1));
  }

  bool(): boolean {
    return this.next() < 0.5;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** A derived generator: independent streams for independent parts of the run. */
  fork(salt: number): Random {
    return new Random((this.int(0, 0x7fffffff) ^ Math.imul(salt, 0x9e3779b1)) >>> 0);
  }

  get faker(): Faker {
    this.fakerOf ??= createFaker(this.int(0, 0xffffffff));
    return this.fakerOf;
  }
}
