// The verdict lives in the report step (conformance/report/verdict.ts); this path stays for importers.
export { exitCodeFor, verdictOf, type Verdict } from './report/verdict.js';
