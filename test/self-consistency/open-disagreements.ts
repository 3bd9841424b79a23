export const OPEN_DISAGREEMENTS: Readonly<Record<string, readonly string[]>> = {};
