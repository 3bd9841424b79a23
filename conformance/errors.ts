/** Not one byte came back from the target (refused, unknown host, silent, closed at once): a usage-level problem, exit 2. */
export class TargetUnreachableError extends Error {
  override readonly name = 'TargetUnreachableError';
}

/** Unknown names in --checks / --skip-checks / --operations, an unknown --auth scheme, an invalid contract. */
export class SelectionError extends Error {
  override readonly name = 'SelectionError';
}
