/**
 * CPU per request of the two ways the mock drives express-openapi-validator (issue 22), measured in
 * one process so a loaded machine weighs on both alike: `node dist/bench/dispatch-cpu.js [N]`
 * starts the bundled contract's mock twice (`validatorDispatch: 'document'` and `'operation'`),
 * warms both, then for 3 interleaved rounds sends each N requests one at a time (reads of a pet and
 * of a list of 20, one create in 5) and prints the process's user + system CPU per request in µs
 * (the client's share is in both).
 */
const N = Number(process.argv[2] ?? 1500);
const { start } = await import('../src/index.js');
const mocks = {
  document: await start({ port: 0, validatorDispatch: 'document' }),
  operation: await start({ port: 0, validatorDispatch: 'operation' }),
};
async function work(url: string): Promise<void> {
  for (let i = 0; i < N; i++) {
    const res =
      i % 5 === 4
        ? await fetch(`${url}/pets`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': 'dev-key' },
            body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
          })
        : await fetch(`${url}${i % 2 === 1 ? '/pets?limit=20' : '/pets/1'}`);
    await res.arrayBuffer();
  }
}
for (const mock of Object.values(mocks)) await work(mock.url);
const perRequest: Record<string, number[]> = { document: [], operation: [] };
for (let round = 0; round < 3; round++) {
  for (const [name, mock] of Object.entries(mocks)) {
    const before = process.cpuUsage();
    await work(mock.url);
    const spent = process.cpuUsage(before);
    perRequest[name]!.push(Math.round((spent.user + spent.system) / N));
  }
}
process.stdout.write(`${JSON.stringify({ requests: N, cpuMicrosPerRequest: perRequest })}\n`);
for (const mock of Object.values(mocks)) await mock.close();
