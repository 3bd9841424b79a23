import { loadContract } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import type { RunningZooService, ZooService } from '../../fixtures/zoo/services.js';
import { differences, figures, type Difference, type FidelityFigures } from './compare.js';
import { driveSession, passwordTokenUrl, type Exchange } from './drive.js';
import { deriveSession } from './session.js';

/** A fidelity measurement: both sides' exchanges and what differs, or why the mock did not serve the document. */
export type Fidelity =
  | {
      readonly service: string;
      readonly mockRefused: undefined;
      readonly serviceExchanges: readonly Exchange[];
      readonly mockExchanges: readonly Exchange[];
      readonly differences: readonly Difference[];
      readonly figures: FidelityFigures;
    }
  | { readonly service: string; readonly mockRefused: string; readonly serviceExchanges: readonly Exchange[] };

/** The mock's seed for fidelity runs: its generated answers are then the same on every run. */
const MOCK_SEED = 29;

/**
 * Drives the session the service's committed document implies against the running service and
 * against the kit's mock serving that document (in process, port 0, the service's credentials),
 * and compares the exchanges. `running` is a fresh instance: the session writes to it.
 */
export async function measureFidelity(zoo: ZooService, running: RunningZooService): Promise<Fidelity> {
  const contract = await loadContract(zoo.document);
  const tokenUrl = passwordTokenUrl(contract);
  const session = deriveSession(
    contract,
    tokenUrl === undefined ? undefined : new URL(tokenUrl, 'http://zoo.invalid/').pathname,
  );
  let mock: Awaited<ReturnType<typeof start>>;
  try {
    mock = await start({
      spec: zoo.document,
      port: 0,
      seed: MOCK_SEED,
      // The services start empty, as a fresh deployment does: so does the mock, so lists compare.
      records: 0,
      ...(zoo.credentials.apiKey !== undefined ? { apiKeys: [zoo.credentials.apiKey] } : {}),
      // A token the password flow hands out on the mock is its own invention: any token is then accepted.
      ...(zoo.credentials.bearer !== undefined && zoo.credentials.oauth2 === undefined
        ? { tokens: [zoo.credentials.bearer] }
        : {}),
    });
  } catch (error) {
    const serviceExchanges = await driveSession(contract, session, running.url, zoo.credentials);
    return { service: zoo.name, mockRefused: error instanceof Error ? error.message : String(error), serviceExchanges };
  }
  try {
    const serviceExchanges = await driveSession(contract, session, running.url, zoo.credentials);
    const mockExchanges = await driveSession(contract, session, mock.url, zoo.credentials);
    return {
      service: zoo.name,
      mockRefused: undefined,
      serviceExchanges,
      mockExchanges,
      differences: differences(serviceExchanges, mockExchanges),
      figures: figures(serviceExchanges, mockExchanges),
    };
  } finally {
    await mock.close();
  }
}
