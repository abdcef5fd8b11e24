import { toCandidateEmailStreamId, toUserEmailStreamId } from '@ats/events/node';
import {
  toAiAnalysisStreamId,
  toApplicationPairStreamId,
  toApplicationStreamId,
  toCandidateStreamId,
  toClientContactStreamId,
  toClientStreamId,
  toCommunicationStreamId,
  toInterviewStreamId,
  toInterviewInvitationStreamId,
  toJobStreamId,
  toLinkedinJobIdStreamId,
  toLinkedinPostStreamId,
  toNoteStreamId,
  toTaskStreamId,
  toUserStreamId,
} from '@ats/events';
import { commandHandler } from '../command-handler';
import { aiAnalysisDecider } from './ai/decider';
import { applicationDecider } from './applications/decider';
import { pairReservationDecider } from './applications/pair-reservation';
import { candidateDecider, type CandidateState } from './candidates/decider';
import { emailReservationDecider } from './candidates/email-reservation';
import { contactDecider } from './clients/contact-decider';
import { clientDecider, type ClientState } from './clients/decider';
import { communicationDecider } from './communications/decider';
import { interviewDecider } from './interviews/decider';
import { jobDecider, type JobState } from './jobs/decider';
import { linkedinJobIdDecider, linkedinPostDecider } from './linkedin/decider';
import { noteDecider } from './notes/decider';
import { taskDecider } from './tasks/decider';
import { userDecider } from './users/decider';
import { userEmailDecider } from './users/email-reservation';
import { calendarFeedDecider, invitationDecider } from './calendar/decider';

/**
 * One command handler per aggregate: its decider bound to how an id names its stream. States
 * without personal data are cached by stream revision (`cacheStates`, see state-cache.ts).
 */
export const candidates = commandHandler(candidateDecider, toCandidateStreamId);
export const candidateEmails = commandHandler(emailReservationDecider, toCandidateEmailStreamId);
export const clients = commandHandler(clientDecider, toClientStreamId, { cacheStates: true });
export const clientContacts = commandHandler(contactDecider, toClientContactStreamId);
export const jobs = commandHandler(jobDecider, toJobStreamId, { cacheStates: true });
export const applications = commandHandler(applicationDecider, toApplicationStreamId, { cacheStates: true });
export const applicationPairs = commandHandler(pairReservationDecider, (pair: { candidateId: number; jobId: number }) =>
  toApplicationPairStreamId(pair.candidateId, pair.jobId),
);
export const notes = commandHandler(noteDecider, toNoteStreamId);
export const interviews = commandHandler(interviewDecider, toInterviewStreamId);
export const tasks = commandHandler(taskDecider, toTaskStreamId);
export const users = commandHandler(userDecider, toUserStreamId);
export const userEmails = commandHandler(userEmailDecider, toUserEmailStreamId);
export const communications = commandHandler(communicationDecider, toCommunicationStreamId);
export const aiAnalyses = commandHandler(aiAnalysisDecider, toAiAnalysisStreamId);
export const linkedinPosts = commandHandler(linkedinPostDecider, toLinkedinPostStreamId);
export const linkedinJobIds = commandHandler(linkedinJobIdDecider, toLinkedinJobIdStreamId);
/** a user's calendar-feed link version lives on the user's stream, folded apart from the profile */
export const calendarFeeds = commandHandler(calendarFeedDecider, toUserStreamId);
export const interviewInvitations = commandHandler(invitationDecider, toInterviewInvitationStreamId);

/** Whether a candidate / job / client can be referred to by a new record: it exists and is not deleted. */
export const isLiveCandidate = (state: CandidateState) => state.status === 'registered';
export const isLiveJob = (state: JobState) => state.status === 'active';
export const isLiveClient = (state: ClientState) => state.status === 'active';
