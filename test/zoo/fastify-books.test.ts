import { describeZooService } from './zoo-suite.js';
import { SEEDED } from './known-gaps.js';

// Fidelity of the mock against the Fastify service. The create is `POST /books/` beside
// `/books/{id}`: the kernel does not bind it yet (issue 29 item 4, trailing slashes), so the session
// has no created id and its item steps are not sent on either side; this table grows when it does.
describeZooService('fastify-books', {
  differences: [
    { step: 'list /books/', aspect: 'page', service: '0 items', mock: '3 items', why: SEEDED },
    { step: 'list offset=0&limit=1 /books/', aspect: 'page', service: '0 items', mock: '1 items', why: SEEDED },
    { step: 'list offset=1&limit=1 /books/', aspect: 'page', service: '0 items', mock: '1 items', why: SEEDED },
  ],
});
