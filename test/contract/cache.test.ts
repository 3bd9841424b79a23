import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledContractPath, ContractError, contractFromText } from '../../src/contract/index.js';
import { ContentCache } from '../../src/contract/cache.js';

describe('contracts indexed once per text (ContentCache)', () => {
  const text = readFileSync(bundledContractPath, 'utf8');

  it('the same text gives the same indexed document; the file name stays the caller’s', async () => {
    const a = await contractFromText(text, '/one/petstore.yaml');
    const b = await contractFromText(text, '/two/petstore.yaml');
    expect(b.resolved).toBe(a.resolved);
    expect(b.operations).toBe(a.operations);
    expect(a.path).toBe('/one/petstore.yaml');
    expect(b.path).toBe('/two/petstore.yaml');
  });

  it('a changed text is indexed afresh', async () => {
    const a = await contractFromText(text);
    const changed = await contractFromText(text.replace(/^(\s*title:\s*).*$/m, '$1Changed title'));
    expect(changed.resolved).not.toBe(a.resolved);
    expect(changed.document.info.title).toBe('Changed title');
    expect(a.document.info.title).not.toBe('Changed title');
  });

  it('a failure is not kept: the same bad text fails each time', async () => {
    await expect(contractFromText('openapi: 3.0.3\n')).rejects.toBeInstanceOf(ContractError);
    await expect(contractFromText('openapi: 3.0.3\n')).rejects.toBeInstanceOf(ContractError);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new ContentCache<number>(2);
    let builds = 0;
    const build = () => ++builds;
    cache.get('a', build);
    cache.get('b', build);
    expect(cache.get('a', build)).toBe(1); // a hit, and now the most recent
    cache.get('c', build); // evicts b
    expect(cache.size).toBe(2);
    expect(cache.get('a', build)).toBe(1);
    expect(cache.get('b', build)).toBe(4); // rebuilt
  });

  it('drops a rejected promise so the next call builds again', async () => {
    const cache = new ContentCache<Promise<number>>(4);
    await expect(cache.get('x', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await new Promise((r) => setImmediate(r));
    expect(cache.size).toBe(0);
    await expect(cache.get('x', () => Promise.resolve(7))).resolves.toBe(7);
  });
});
