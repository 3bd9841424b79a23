/** A plain JSON object (not null, not an array): what parsed documents and bodies are checked with. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
