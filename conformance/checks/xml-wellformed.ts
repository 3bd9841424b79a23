/**
 * A small XML 1.0 well-formedness check (§2.1: one root element, every tag closed in order,
 * attributes quoted and unique, only the predefined entities or character references, no raw
 * `<` or `&` in text), for answers the contract documents as XML. Not a validator: the runner
 * declares no XML parser. Returns the problems found; empty means well-formed.
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const body = xml
    .replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '');
  const stack: string[] = [];
  let roots = 0;
  const token =
    /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|([^<]+)|(<)/g;
  for (const m of body.matchAll(token)) {
    const [, closing, name, attrs, selfClosing, text, stray] = m;
    if (stray) {
      problems.push(`stray "<" at ${m.index}`);
      continue;
    }
    if (text !== undefined) {
      if (stack.length === 0 && text.trim() !== '') problems.push(`text outside the root at ${m.index}`);
      for (const amp of text.matchAll(/&([^;\s]*);?/g)) {
        if (!/^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);$/.test(amp[0]))
          problems.push(`bad entity ${amp[0]} at ${m.index}`);
      }
      continue;
    }
    if (!name) continue;
    const names = [...(attrs ?? '').matchAll(/([A-Za-z_][\w.:-]*)\s*=/g)].map((a) => a[1]);
    if (new Set(names).size !== names.length) problems.push(`duplicate attribute in <${name}>`);
    for (const value of (attrs ?? '').matchAll(/=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const v = value[1] ?? value[2] ?? '';
      for (const amp of v.matchAll(/&([^;\s]*);?/g))
        if (!/^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);$/.test(amp[0]))
          problems.push(`bad entity in attribute of <${name}>`);
    }
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(' > ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}
