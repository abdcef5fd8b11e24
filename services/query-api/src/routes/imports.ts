import type Router from '@koa/router';
import { contracts, importVisibleTo, toImportStatus } from '@ats/contracts';
import { foldImport, toImportStreamId } from '@ats/events';
import { DomainError, bindContract } from '@ats/http-kit';
import type { EventStore } from '@ats/storage';

/** An import's progress and summary, folded from its own stream (the UI polls it while it runs); its uploader's and admins' only. */
export function importRoutes(
  router: Router,
  eventStore: Pick<EventStore, 'readStream'> | undefined,
  opts: { validateResponses?: boolean },
) {
  bindContract(
    router,
    contracts.getImport,
    async ({ params, user }) => {
      const state = eventStore ? foldImport(await eventStore.readStream(toImportStreamId(params.id))) : null;
      // another user's import is as unknown as one that does not exist
      const status = state && importVisibleTo(state, user) ? toImportStatus(state) : null;
      if (!status) throw new DomainError(404, 'not_found', 'Not Found', 'Import not found');
      return status;
    },
    opts,
  );
}
