import type { Application, ApplicationStage } from '@ats/contracts';

/** Pure: the list with one application in another stage (same array when nothing changes). */
export function moveApplication(list: readonly Application[], id: number, stage: ApplicationStage): Application[] {
  let changed = false;
  const next = list.map((application) => {
    if (application.id !== id || application.stage === stage) return application;
    changed = true;
    return { ...application, stage };
  });
  return changed ? next : (list as Application[]);
}

/** Applications per stage, in board order, plus the total, for the summary bar and columns. */
export function groupByStage<S extends string>(
  list: readonly Application[],
  stages: readonly S[],
): { total: number; byStage: Record<S, Application[]> } {
  const byStage = Object.fromEntries(stages.map((stage) => [stage, [] as Application[]])) as Record<S, Application[]>;
  let total = 0;
  for (const application of list) {
    const bucket = byStage[application.stage as S];
    if (!bucket) continue;
    bucket.push(application);
    total += 1;
  }
  return { total, byStage };
}
