import type { Contract } from '../../src/contract/index.js';
import { loadArazzo, type ArazzoDocument } from './document.js';
import { checkAgainstContract } from './interpreter.js';
import { workflowFilesFor, type WorkflowFlags } from './options.js';

/**
 * Reads the workflows files of a run and checks them against the contract
 * before anything is sent. Throws ArazzoError (a usage error for the CLI).
 */
export async function loadWorkflows(
  flags: WorkflowFlags,
  specPath: string,
  bundledSpecPath: string,
  contract: Contract,
): Promise<ArazzoDocument[]> {
  const docs: ArazzoDocument[] = [];
  for (const file of workflowFilesFor(flags, specPath, bundledSpecPath)) {
    const doc = await loadArazzo(file);
    checkAgainstContract(doc, contract);
    docs.push(doc);
  }
  return docs;
}
