import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { createEsdbEventStore } from '../src/event-store/esdb-event-store';
import { describeEventStoreContract } from './event-store.contract';
import { containerRuntimeUnavailable, warnSkip } from './helpers';

const skipReason = warnSkip('EventStore contract: EventStoreDB', await containerRuntimeUnavailable());

describeEventStoreContract(
  'EventStoreDB',
  async () => {
    const container: StartedTestContainer = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    const url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    return { store: createEsdbEventStore(url), cleanup: async () => void (await container.stop()) };
  },
  { skipReason, appendManyPerStream: true },
);
