import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { applyMigrations, connectDatabase, withSchemaLock } from '../src/db/connection';
import { JobQueue, type AnyJobDefinition } from '../src/jobs/queue';
import { createProcessDatabase } from './process-database';

/**
 * A migrated database of the file's own, on which each `startQueue` call stands for one more
 * process's job queue (all stopped after the file).
 */
export function useJobQueues(label: string, log: Logger) {
  const context = {} as {
    url: string;
    connection: ReturnType<typeof connectDatabase>;
    startQueue: (definitions: AnyJobDefinition[]) => Promise<JobQueue>;
  };
  let database: Awaited<ReturnType<typeof createProcessDatabase>> | undefined;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    database = await createProcessDatabase(label);
    context.url = database.url;
    context.connection = connectDatabase(database.url);
    await applyMigrations(context.connection.pool);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await context.connection?.close();
    await database?.drop();
  });
  context.startQueue = async (definitions) => {
    const queue = new JobQueue(context.connection.pool, log);
    queues.push(queue);
    await withSchemaLock(context.connection.pool, () => queue.start(definitions));
    return queue;
  };
  return context;
}
