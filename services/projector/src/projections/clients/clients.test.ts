import { ClientDetailSchema } from '@ats/contracts';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { clientCreated, contactAdded } from '../../../test/support/fixtures';
import { clientsProjection } from './index';

describe('clients projection', () => {
  it('stores a new client without a contact', () => {
    const at = eventLog();
    const { docs } = project([clientsProjection], [at(clientCreated(), { occurredAt: '2025-03-01T11:00:00.000Z' })]);
    expect(docs('clients')).toEqual([
      {
        id: 1,
        companyName: 'Acme Corp',
        industry: 'Manufacturing',
        website: 'acme.example',
        description: 'Makes everything.',
        address: '1 Road Runner Way',
        priority: 'high',
        status: 'active',
        notes: null,
        contactName: null,
        contactEmail: null,
        contactPhone: null,
        contacts: [],
        createdAt: '2025-03-01T11:00:00.000Z',
        updatedAt: '2025-03-01T11:00:00.000Z',
      },
    ]);
    expect(ClientDetailSchema.strict().parse(docs('clients')[0])).toEqual(docs('clients')[0]);
  });

  describe('when contacts are added', () => {
    it('shows the first contact when the client has none yet', () => {
      const at = eventLog();
      const { get } = project([clientsProjection], [at(clientCreated()), at(contactAdded({ isPrimary: false }))]);
      expect(get('clients', 1)).toMatchObject({ contactName: 'Wile Coyote', contactEmail: 'wile@acme.example', contactPhone: '555-0100' });
    });

    it('keeps the shown contact when a secondary one is added', () => {
      const at = eventLog();
      const { get } = project(
        [clientsProjection],
        [
          at(clientCreated()),
          at(contactAdded({ isPrimary: true })),
          at(contactAdded({ contactId: 2, name: 'Road Runner', email: null, phone: null })),
        ],
      );
      expect(get('clients', 1)).toMatchObject({ contactName: 'Wile Coyote' });
    });

    it('switches to a newly added primary contact', () => {
      const at = eventLog();
      const { get } = project(
        [clientsProjection],
        [
          at(clientCreated()),
          at(contactAdded()),
          at(contactAdded({ contactId: 2, name: 'Road Runner', email: 'rr@acme.example', phone: null, isPrimary: true })),
        ],
      );
      expect(get('clients', 1)).toMatchObject({ contactName: 'Road Runner', contactEmail: 'rr@acme.example', contactPhone: null });
    });

    it('ignores a contact for an unknown client', () => {
      const at = eventLog();
      const { docs } = project([clientsProjection], [at(contactAdded({ clientId: 5 }))]);
      expect(docs('clients')).toEqual([]);
    });
  });
});
