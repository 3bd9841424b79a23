/** The mock's clock: the real one, or one that starts at a pretended instant and advances normally. */
export type Clock = () => Date;

export function makeClock(pretend: Date | undefined): Clock {
  if (pretend === undefined) return () => new Date();
  const offset = pretend.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}
