import { describe, expect, it } from 'vitest';
import { toMongoWhere } from '../src/document-store/mongo-document-store';

// The MongoDB contract suite needs a container runtime; this pins the translation everywhere.
describe('MongoDB where translation', () => {
  it('maps every port condition to its MongoDB operator', () => {
    expect(
      toMongoWhere({
        status: 'active',
        'client.companyName': 'Acme',
        score: { $gte: 3, $lt: 10 },
        email: { $exists: false },
        tags: { $contains: 'math' },
        stage: { $in: ['a', null] },
        owner: { $ne: null },
        deletedAt: null,
      }),
    ).toEqual({
      $and: [
        { status: { $eq: 'active' } },
        { 'client.companyName': { $eq: 'Acme' } },
        { score: { $gte: 3 } },
        { score: { $lt: 10 } },
        { email: { $exists: false } },
        { tags: { $elemMatch: { $eq: 'math' } } },
        { stage: { $in: ['a', null] } },
        { owner: { $ne: null } },
        { deletedAt: null },
      ],
    });
    expect(toMongoWhere(undefined)).toEqual({});
  });

  it('rejects operators and field paths outside the port', () => {
    expect(() => toMongoWhere({ name: { $regex: '.*' } as never })).toThrow('Unsupported condition operator');
    expect(() => toMongoWhere({ $where: 'sleep(1000)' } as never)).toThrow('Invalid field path');
    expect(() => toMongoWhere({ 'a..b': 1 })).toThrow('Invalid field path');
  });
});
