// What every workflow step screen is given: the store to send commands with, the workflow, and
// its step narrowed to the names that screen draws.
import type { WorkflowStep, WorkflowView } from '../../lane/lane-types.ts';
import type { LaneStore } from '../../state/lane-store.svelte.ts';

/** Props of the screen of the steps named N. */
export interface StepProps<N extends WorkflowStep['name']> {
  store: LaneStore;
  workflow: WorkflowView;
  step: Extract<WorkflowStep, { name: N }>;
}
