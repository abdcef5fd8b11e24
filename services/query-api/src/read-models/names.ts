/** Collection names of the read models the projector maintains (services/projector/src/projections). */
export const READ_MODELS = {
  candidates: 'candidates',
  notes: 'notes',
  clients: 'clients',
  jobs: 'jobs',
  applications: 'applications',
  activities: 'activities',
  users: 'users',
  interviews: 'interviews',
  tasks: 'tasks',
  communications: 'communications',
  linkedinPosts: 'linkedin_job_posts',
  placements: 'placements',
  aiStats: 'ai_stats',
  checkpoints: 'projection_checkpoints',
  deletedRecords: 'deleted_records',
} as const;
