import { applicationContracts } from './endpoints/applications';
import { authContracts } from './endpoints/auth';
import { candidateContracts } from './endpoints/candidates';
import { clientContracts } from './endpoints/clients';
import { dashboardContracts } from './endpoints/dashboard';
import { jobContracts } from './endpoints/jobs';

export * from './contract';
export * from './problem';
export * from './messages';
export * from './models';
export * from './fields';
export * from './socket';
export * from './endpoints/auth';
export * from './endpoints/candidates';
export * from './endpoints/clients';
export * from './endpoints/jobs';
export * from './endpoints/applications';
export * from './endpoints/dashboard';
export { APPLICATION_STAGES, type ApplicationStage, ROLES, type Role } from '@ats/events';

/** Every HTTP endpoint, by name. */
export const contracts = {
  ...authContracts,
  ...candidateContracts,
  ...clientContracts,
  ...jobContracts,
  ...applicationContracts,
  ...dashboardContracts,
};
export type Contracts = typeof contracts;
