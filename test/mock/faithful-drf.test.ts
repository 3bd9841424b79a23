import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { ROOT, type App } from './helpers.js';

// The document drf-spectacular generated for the zoo's Django REST framework service (never edited by hand).
const TICKETS = join(ROOT, 'fixtures', 'zoo', 'drf-tickets', 'openapi.json');
// The same shape under LimitOffsetPagination (fixtures/mock-contracts/drf-limit-offset.yaml).
const NOTES = join(ROOT, 'fixtures', 'mock-contracts', 'drf-limit-offset.yaml');
const TOKEN = 'Token zoo-drf-tickets-token';

interface Page<T> {
  count: number;
  next?: string | null;
  previous?: string | null;
  results: T[];
}

/** The path and query of an absolute link the mock gave, to follow it on the app under test. */
const target = (link: string): string => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('the mock of a Django REST framework document answers as the service does (zoo: drf-tickets)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ spec: TICKETS, records: 0, apiKeys: [TOKEN] });
  });
  const auth = { Authorization: TOKEN };

  // HyperlinkedIdentityField: the read-only `url` is the record's own address, which clients follow.
  // Before: a generated URI on another host, and a Location without the trailing slash the document writes.
  it("a created ticket's url and Location are its own address, with the document's trailing slash", async () => {
    const made = await request(app).post('/api/tickets/').set(auth).send({ title: 'printer' }).expect(201);
    const { url, id } = made.body as { url: string; id: number };
    expect(made.headers.location).toBe(`/api/tickets/${id}/`);
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/tickets/${id}/$`));
    expect((await request(app).get(target(url)).set(auth).expect(200)).body).toEqual(made.body);
    await request(app).delete(target(url)).set(auth).expect(204);
  });

  // PageNumberPagination's PAGE_SIZE is the server's setting: the document names no page size.
  // Before: `previous` a generated URI on the first page, and page 2 repeating the whole list.
  it('the first page says next and previous are null; a later page holds nothing and links back', async () => {
    await request(app).post('/api/tickets/').set(auth).send({ title: 'paper' }).expect(201);
    const first = (await request(app).get('/api/tickets/').set(auth).expect(200)).body as Page<unknown>;
    expect(first).toMatchObject({ next: null, previous: null });
    expect(first.results).toHaveLength(first.count);
    const second = (await request(app).get('/api/tickets/?page=2').set(auth).expect(200)).body as Page<unknown>;
    expect(second.results).toEqual([]);
    expect(second.next).toBeNull();
    expect(target(second.previous ?? 'http://none/')).toBe('/api/tickets/?page=1');
  });

  // get_object_or_404 answers a malformed id 404; GET and DELETE document 404 and no 400. Before: the
  // undocumented 400. PUT and PATCH document their 400 (the view's INVALID): the refusal stays that documented 400.
  it('an id that cannot be an integer is the documented 404 where no 400 is documented', async () => {
    await request(app).get('/api/tickets/abc/').set(auth).expect(404);
    await request(app).delete('/api/tickets/abc/').set(auth).expect(404);
    await request(app).patch('/api/tickets/abc/').set(auth).send({ title: 'x' }).expect(400);
  });
});

describe('LimitOffsetPagination: the next and previous links walk the list', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ spec: NOTES, records: 0 });
    for (const text of ['a', 'b', 'c']) await request(app).post('/api/notes/').send({ text }).expect(201);
  });

  // Before: `next` was a generated URI (on another host) while more followed, `previous` one on every page.
  it('following next from ?limit=1 visits every note once; previous leads back; the ends are null', async () => {
    const seen: string[] = [];
    let link: string | null | undefined = 'http://mock/api/notes/?limit=1';
    const pages: Page<{ text: string }>[] = [];
    for (let i = 0; i < 5 && link; i++) {
      const page = (await request(app).get(target(link)).expect(200)).body as Page<{ text: string }>;
      pages.push(page);
      seen.push(...page.results.map((n) => n.text));
      link = page.next;
    }
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(pages[0]!.previous).toBeNull();
    expect(pages[2]!.next).toBeNull();
    expect(target(pages[2]!.previous!)).toBe('/api/notes/?limit=1&offset=1');
    const back = (await request(app).get(target(pages[1]!.previous!)).expect(200)).body as Page<{ text: string }>;
    expect(back.results.map((n) => n.text)).toEqual(['a']);
  });
});
