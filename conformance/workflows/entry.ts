import type { WorkflowFamily } from '../registry/types.js';
import { planWorkflows } from './plan.js';
import { judgeWorkflows, nextWorkflowRequest } from './interpreter.js';

/** The registry's entry for the loaded Arazzo workflows: `workflow:*`, one result per workflow. */
export const workflows: WorkflowFamily = {
  kind: 'workflow',
  name: 'workflow:*',
  description:
    'Each workflow of the loaded Arazzo documents (--workflows), run on resources it creates itself: fails when a step breaks its success criteria.',
  // Steps build their own requests from the workflow's inputs and earlier steps' outputs.
  needs: [],
  plan: planWorkflows,
  next: nextWorkflowRequest,
  judge: judgeWorkflows,
};
