import ts from 'typescript';

/** vitest's functions whose number (or `{ timeout }`) argument is a time limit. */
const HARNESS = new Set(['it', 'test', 'describe', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach']);
/** Waits whose `{ timeout }` option is a time limit: expect.poll, vi.waitFor and Playwright's. */
const WAITS = new Set([
  'poll',
  'waitFor',
  'waitForSelector',
  'waitForURL',
  'waitForFunction',
  'goto',
  'waitForEvent',
  'waitForResponse',
  'waitForLoadState',
]);

function rootName(expression: ts.Expression): string | undefined {
  let e = expression;
  while (ts.isCallExpression(e) || ts.isPropertyAccessExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : undefined;
}

/** A literal of a second or more: a limit written by hand, not a count of milliseconds in a table. */
const isLimit = (node: ts.Node): boolean => ts.isNumericLiteral(node) && Number(node.text) >= 1000;

/**
 * `line: text` of each time limit in a test file's source that is a bare number where it should be
 * `scaled(…)` (test/load-scale.ts): the last argument of it/test/describe/hooks, their `{ timeout }`,
 * and the `{ timeout }` of expect.poll, vi.waitFor and Playwright waits.
 */
export function unscaledLimits(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node): void => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1}: ${node.getText(source)}`);
  };
  const timeoutOf = (arg: ts.Expression): void => {
    if (!ts.isObjectLiteralExpression(arg)) return;
    for (const p of arg.properties)
      if (ts.isPropertyAssignment(p) && p.name.getText(source) === 'timeout' && isLimit(p.initializer))
        report(p.initializer);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : undefined;
      const root = rootName(callee);
      // `it.each(table)` and `it.skipIf(cond)` take no limit; the call they return does.
      const chained =
        ts.isPropertyAccessExpression(callee) && ['each', 'skipIf', 'runIf', 'for'].includes(callee.name.text);
      if (root !== undefined && HARNESS.has(root) && !chained)
        for (const arg of node.arguments) isLimit(arg) ? report(arg) : timeoutOf(arg);
      else if (name !== undefined && WAITS.has(name)) for (const arg of node.arguments) timeoutOf(arg);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
