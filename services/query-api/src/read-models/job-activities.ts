import type { Activity } from '@ats/contracts';
import type { Doc, DocumentStore } from '@ats/storage';
import type { ApplicationDoc } from './applications';
import { readModel } from './query-support';

type ActivityDoc = Activity & Doc;

/** The job page's activity: entries about the job itself and about the applications attached to it. */
export function createJobActivityQueries(documents: DocumentStore) {
  const activities = readModel<ActivityDoc>(documents, 'activities');
  const applications = readModel<ApplicationDoc>(documents, 'applications');
  return {
    async jobActivities(jobId: number, limit = 20): Promise<Activity[]> {
      const attached = await applications().find({ where: { jobId }, fields: ['id'], limit: 1000 });
      const applicationIds = attached.map((a) => Number(a.id));
      const newest: Array<[string, 'asc' | 'desc']> = [['position', 'desc']];
      const [own, ofApplications] = await Promise.all([
        activities().find({ where: { entityType: 'job', entityId: jobId }, sort: newest, limit }),
        applicationIds.length > 0
          ? activities().find({ where: { entityType: 'application', entityId: { $in: applicationIds } }, sort: newest, limit })
          : Promise.resolve([]),
      ]);
      return [...own, ...ofApplications].sort((a, b) => b.position - a.position).slice(0, limit);
    },
  };
}
