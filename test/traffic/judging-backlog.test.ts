import { describe, expect, it } from 'vitest';
import { JudgingBacklog, octetsOf } from '../../conformance/proxy/judging.js';
import type { WireExchange } from '../../conformance/proxy/wire.js';

describe('JudgingBacklog: exchanges waiting to be judged, bounded in octets', () => {
  type Step = readonly ['admit', number, boolean] | readonly ['settle', number, number];
  const cases: ReadonlyArray<{
    name: string;
    limit: number;
    steps: readonly Step[];
    waiting: number;
    notJudged: number;
  }> = [
    {
      name: 'admits while the total stays within the limit',
      limit: 100,
      steps: [
        ['admit', 40, true],
        ['admit', 60, true],
      ],
      waiting: 2,
      notJudged: 0,
    },
    {
      name: 'refuses and counts what would pass the limit',
      limit: 100,
      steps: [
        ['admit', 40, true],
        ['admit', 61, false],
        ['admit', 70, false],
        ['admit', 60, true],
      ],
      waiting: 2,
      notJudged: 2,
    },
    {
      name: 'admits one exchange of any size when none waits',
      limit: 10,
      steps: [
        ['admit', 1000, true],
        ['admit', 1, false],
      ],
      waiting: 1,
      notJudged: 1,
    },
    {
      name: 'admits again once judged exchanges have left',
      limit: 100,
      steps: [
        ['admit', 90, true],
        ['admit', 20, false],
        ['settle', 1, 90],
        ['admit', 20, true],
      ],
      waiting: 1,
      notJudged: 1,
    },
  ];
  it.each(cases)('$name', ({ limit, steps, waiting, notJudged }) => {
    const backlog = new JudgingBacklog(limit);
    for (const step of steps) {
      if (step[0] === 'admit') expect(backlog.admit(step[1])).toBe(step[2]);
      else backlog.settle(step[1], step[2]);
    }
    expect(backlog.size).toBe(waiting);
    expect(backlog.notJudged).toBe(notJudged);
  });

  it("counts an exchange's bodies, header fields and URL", () => {
    const exchange: WireExchange = {
      started: 0,
      method: 'GET',
      url: 'http://h/pets',
      request: { rawHeaders: ['Accept', 'application/json'], body: undefined, size: 0 },
      response: {
        status: 200,
        statusText: 'OK',
        rawHeaders: ['Content-Length', '2'],
        body: new Uint8Array(2),
        size: 2,
      },
      error: undefined,
      durationMs: 1,
    };
    const bare = octetsOf({ ...exchange, response: undefined, request: { ...exchange.request, rawHeaders: [] } });
    expect(octetsOf(exchange) - bare).toBe(
      'Accept'.length + 'application/json'.length + 'Content-Length'.length + 1 + 2,
    );
  });
});
