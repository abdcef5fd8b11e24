import type Router from '@koa/router';
import { contracts, toImportStatus } from '@ats/contracts';
import { foldImport, toImportStreamId } from '@ats/events';
import { DomainError, bindContract } from '@ats/http-kit';
import type { EventStore } from '@ats/storage';

/** An import's progress and summary, folded from its own stream (the UI polls it while it runs). */
export function importRoutes(
  router: Router,
  eventStore: Pick<EventStore, 'readStream'> | undefined,
  opts: { validateResponses?: boolean },
) {
  bindContract(
    router,
    contracts.getImport,
    async ({ params }) => {
      const status = eventStore ? toImportStatus(foldImport(await eventStore.readStream(toImportStreamId(params.id)))) : null;
      if (!status) throw new DomainError(404, 'not_found', 'Not Found', 'Import not found');
      return status;
    },
    opts,
  );
}
