/**
 * The one range of `--seed` both CLIs accept (and the mock's `seed` option): an unsigned 32-bit
 * integer, what the seeded generators (faker's Mersenne Twister, the runner's PRNG) take whole.
 */
export const SEED_RANGE = { min: 0, max: 2 ** 32 - 1 } as const;

/** Parses a `--seed` value written as plain decimal digits; the message says what is wrong otherwise. */
export function parseSeed(
  text: string,
): { readonly ok: true; readonly seed: number } | { readonly ok: false; readonly message: string } {
  const seed = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (Number.isInteger(seed) && seed >= SEED_RANGE.min && seed <= SEED_RANGE.max) return { ok: true, seed };
  return { ok: false, message: `--seed must be a whole number ${SEED_RANGE.min}..${SEED_RANGE.max}, got "${text}"` };
}

/** True when `seed` is in the one seed range (for programmatic options). */
export function isSeed(seed: number): boolean {
  return Number.isInteger(seed) && seed >= SEED_RANGE.min && seed <= SEED_RANGE.max;
}
