/**
 * A night whose every file is verified on the server (or settled by the volunteer) and whose
 * manifest is written: one name for it wherever the code says it (issue 32: `complete`,
 * `completed` and `done` were the same thing in different places). The plan's phase, a run's
 * result, the run's verdict, the plan's state after a run and the engine's `plan-state` event use
 * it. The interface's badge (`PlanState` 'done' in shared/ipc/views) keeps its word for now.
 */
export const COMPLETED = 'completed';
export type Completed = typeof COMPLETED;
