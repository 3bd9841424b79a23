import { expect, it } from 'vitest';
import { expectedDifferences } from './expected-differences.js';
import { describeZooService } from './zoo-suite.js';

describeZooService('drf-tickets', { differences: expectedDifferences('drf-tickets') }, (service) => {
  // What the fixture claims to be, checked on the service itself (Django REST framework's own answers).
  it('behaves as written: Token auth, hyperlinked 201, {field: [messages]} 400, page envelope, 404 detail, 204', async () => {
    const url = `${service().url}/api/tickets/`;
    const headers = { authorization: 'Token zoo-drf-tickets-token', 'content-type': 'application/json' };
    const refused = await fetch(url);
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, 'Token']);
    const made = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ title: 'printer' }) });
    const ticket = (await made.json()) as { id: number; url: string; status: string; assignee: unknown };
    expect([made.status, ticket.url, ticket.status, ticket.assignee]).toEqual([
      201,
      `${url}${ticket.id}/`,
      'open',
      null,
    ]);
    const invalid = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ status: 'nope' }) });
    expect([invalid.status, await invalid.json()]).toEqual([
      400,
      { title: ['This field is required.'], status: ['"nope" is not a valid choice.'] },
    ]);
    // The instance is the fidelity session's too: the page holds what it left besides this ticket.
    const page = (await (await fetch(`${url}?page=1`, { headers })).json()) as {
      count: number;
      results: { id: number }[];
    };
    expect(page).toMatchObject({ next: null, previous: null });
    expect([page.results.length, page.results.some((t) => t.id === ticket.id)]).toEqual([page.count, true]);
    const missing = await fetch(`${url}987654/`, { headers });
    expect([missing.status, await missing.json()]).toEqual([404, { detail: 'No Ticket matches the given query.' }]);
    const gone = await fetch(ticket.url, { method: 'DELETE', headers });
    expect([gone.status, await gone.text()]).toEqual([204, '']);
  });
});
