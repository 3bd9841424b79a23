/** A plain JSON object (not null, not an array): what parsed documents and bodies are checked with. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Visits every object of a parsed document once, shared and cyclic references included (a
 * dereferenced document is a graph), depth first. Arrays are walked through, not visited; a
 * record's children under `skipKeys` (example values, say) are not entered, nor the objects in
 * `passOver`. `visit` returns 'stop' to end the walk; the result says whether it was stopped. It
 * may also `reach` a node the record only names (the target of a `$ref`), to be walked as well.
 */
export function walkRecords(
  root: unknown,
  // biome-ignore lint/suspicious/noConfusingVoidType: visitors that never stop are plain callbacks returning nothing.
  visit: (node: Record<string, unknown>, reach: (node: unknown) => void) => 'stop' | void,
  skipKeys: ReadonlySet<string> = new Set(),
  passOver: Iterable<object> = [],
): boolean {
  const seen = new Set<object>(passOver);
  const stack: unknown[] = [root];
  const reach = (node: unknown): void => {
    stack.push(node);
  };
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    const record = node as Record<string, unknown>;
    if (visit(record, reach) === 'stop') return true;
    for (const [key, child] of Object.entries(record)) if (!skipKeys.has(key)) stack.push(child);
  }
  return false;
}
