import type { Job } from '@ats/contracts';
import { defineProjection, type Refs } from '../../projection';

/**
 * Job orders: contracts' JobSchema minus `client` and `candidateCount`, which the query-api joins
 * at read time (from `clients` by `clientId`, and by counting `applications` by `jobId`).
 */
export type JobDoc = Omit<Job, 'client' | 'candidateCount'>;

export const jobsProjection = defineProjection<JobDoc>({
  name: 'jobs',
  collection: {
    name: 'jobs',
    searchFields: ['title', 'department', 'location', 'description'],
    indexes: ['status', 'priority', 'clientId', 'createdAt'],
  },
  handles: ['JobCreated'],
  documentId: (event) => (event.type === 'JobCreated' ? event.data.jobId : null),
  evolve(doc, event) {
    if (event.type !== 'JobCreated') return doc;
    const d = event.data;
    return {
      id: d.jobId,
      title: d.title,
      department: d.department,
      description: d.description,
      requirements: d.requirements,
      location: d.location,
      type: d.type,
      status: d.status,
      priority: d.priority,
      salaryMin: d.salaryMin,
      salaryMax: d.salaryMax,
      hourlyRateMin: d.hourlyRateMin,
      hourlyRateMax: d.hourlyRateMax,
      feePercentage: d.feePercentage,
      clientId: d.clientId,
      aiLastAnalyzed: null,
      createdAt: event.metadata.occurredAt,
    };
  },
  refs(event): Refs {
    if (event.type !== 'JobCreated') return {};
    const { jobId, clientId } = event.data;
    return clientId === null ? { jobId: [jobId] } : { jobId: [jobId], clientId: [clientId] };
  },
});
