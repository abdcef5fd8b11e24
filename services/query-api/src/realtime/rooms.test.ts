import { INTERNAL_READ_MODELS, READ_MODELS, RoomSchema, type ReadModelName } from '@ats/contracts';
import type { ChangeNotice } from '@ats/storage';
import { describe, expect, it } from 'vitest';
import { roomsFor } from './rooms';

const notice = (readModel: ReadModelName): ChangeNotice => ({
  position: 5,
  readModel,
  ids: [3],
  eventType: 'Something',
  actor: null,
  refs: { candidateId: [4], jobId: [7], userId: ['u9'] },
});
const internal: readonly ReadModelName[] = INTERNAL_READ_MODELS;

describe('roomsFor', () => {
  it('sends every announced read model to some room a client can join', () => {
    for (const readModel of READ_MODELS.filter((name) => !internal.includes(name))) {
      const rooms = roomsFor(notice(readModel));
      expect(rooms.length, readModel).toBeGreaterThan(0);
      // `user:<id>` rooms are joined by the server itself at the handshake
      for (const room of rooms.filter((r) => !r.startsWith('user:'))) expect(RoomSchema.safeParse(room).success, room).toBe(true);
    }
  });

  it("sends professional-network posts to the jobs list and the job's own room", () => {
    expect(roomsFor(notice('linkedin_job_posts'))).toEqual(['jobs', 'job:7']);
  });

  it("sends tasks to the dashboard room (the Tasks screen joins it) and to the related record's room", () => {
    expect(roomsFor({ ...notice('tasks'), refs: { taskId: [3], clientId: [2] } })).toEqual(['dashboard', 'client:2']);
    expect(roomsFor({ ...notice('tasks'), refs: { taskId: [3] } })).toEqual(['dashboard']);
  });

  it('sends a History notice (any event about a record) to the rooms of the records it concerns', () => {
    expect(roomsFor({ ...notice('record_events'), refs: { candidateId: [4], applicationId: [9], jobId: [7] } })).toEqual([
      'candidate:4',
      'job:7',
    ]);
    expect(roomsFor({ ...notice('record_events'), refs: { clientId: [2] } })).toEqual(['client:2']);
  });

  it("sends a user's notifications and inbox to that user's private room only", () => {
    expect(roomsFor(notice('notifications'))).toEqual(['user:u9']);
    expect(roomsFor(notice('notification_inboxes'))).toEqual(['user:u9']);
  });

  it('sends the internal read models and unknown names nowhere', () => {
    for (const readModel of internal) expect(roomsFor(notice(readModel))).toEqual([]);
    expect(roomsFor(notice('checkpoints' as ReadModelName))).toEqual([]);
  });
});
