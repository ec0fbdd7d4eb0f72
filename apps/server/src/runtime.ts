import { childrenDieWithParent } from '@filmroom/child-process';
import { createTranscriber } from '@filmroom/speech';
import type { Logger } from 'pino';
import type { Config } from './config';
import { applyMigrations, connectDatabase, withSchemaLock } from './db/connection';
import { JobQueue } from './jobs/queue';
import { createMailer } from './mail/create-mailer';
import { grantAdminEmails } from './modules/access';
import { analysisJobs } from './modules/analysis/analysis-jobs';
import { LimitedTranscriber } from './modules/annotations/transcription-limit';
import { prepareVideoJob } from './modules/media';
import { digestJob, heldMailJob, Notifier, UnsubscribeLinks } from './modules/notifications';
import { renderExportJob } from './modules/video-exports';
import { VideoEvents } from './modules/events';
import type { Dependencies } from './plugins/dependencies';
import { createBlobStore, sweepPartialWrites, WorkFolders } from './storage';

export type Runtime = {
  deps: Dependencies;
  /** Starts taking jobs in this process (the worker role). */
  work: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Connects the parts a FilmRoom process runs on: database (migrated), file storage, job queue
 * and the event channel. The server and the tests assemble the process the same way.
 */
export async function startRuntime(
  config: Config,
  databaseUrl: string,
  log: Logger,
  options: { ownsDatabase: boolean },
): Promise<Runtime> {
  const database = connectDatabase(databaseUrl);
  await applyMigrations(database.pool);
  await grantAdminEmails(database.db, config.adminEmails);
  const blobs = await createBlobStore(config);
  await sweepPartialWrites(blobs, { exclusive: options.ownsDatabase });
  // What a killed process was working on (a half-written transcode) goes before new work starts.
  const workFolders = WorkFolders.in(config.dataDir);
  const swept = await workFolders.sweep({ exclusive: options.ownsDatabase });
  if (swept > 0) log.warn({ swept }, 'removed work folders left by a stopped process');
  if (!childrenDieWithParent) {
    log.warn('setpriv (util-linux) was not found: ffmpeg may outlive a killed server');
  }

  // Only a process that works jobs listens for them (an API process sends but never takes one).
  const jobs = new JobQueue(database.pool, log, { wakeUps: config.role !== 'api' });
  const mailer = createMailer(config.mail, database, log);
  const unsubscribeLinks = new UnsubscribeLinks(database.db);
  const notifierDeps = {
    db: database.db,
    pool: database.pool,
    mailer,
    log,
    unsubscribeLinks,
    // Jobs mail too, with no request to take an origin from. With a relay PUBLIC_ORIGIN is set;
    // kept mail is shown at its reader's own origin (listOutboxOf).
    origin: config.publicOrigin ?? `http://localhost:${config.port}`,
  };
  const notifier = new Notifier(notifierDeps);
  const jobDeps = { db: database.db, pool: database.pool, blobs, log, queue: jobs, config };
  // pg-boss creates its own schema on first start: the same race as migrations.
  await withSchemaLock(database.pool, () =>
    jobs.start([
      prepareVideoJob(jobDeps),
      ...analysisJobs({ ...jobDeps, languageModel: config.languageModel, notifier }),
      renderExportJob(jobDeps),
      digestJob(notifierDeps),
      heldMailJob(notifierDeps),
    ]),
  );
  if (options.ownsDatabase) await jobs.requeueOrphanedJobs();

  const videoEvents = new VideoEvents(databaseUrl, log);
  await videoEvents.start();
  const transcriber = new LimitedTranscriber(
    await createTranscriber({
      service: config.speechToText,
      // Its folders name no process: swept once idle for an hour, or at an exclusive start.
      temporaryDirectory: await workFolders.ensureRoot(),
    }),
  );
  if (transcriber.name === 'unavailable') {
    log.warn(
      'speech to text is off: install pocketsphinx and pocketsphinx-en-us, or set STT_BASE_URL',
    );
  } else {
    log.info({ engine: transcriber.name }, 'speech to text ready');
  }

  return {
    deps: {
      config,
      db: database.db,
      pool: database.pool,
      blobs,
      jobs,
      videoEvents,
      mailer,
      transcriber,
      notifier,
      unsubscribeLinks,
    },
    work: () => jobs.work(config.workQueues),
    stop: async () => {
      await mailer.close(); // mail already promised to someone goes out first
      await jobs.stop();
      await videoEvents.stop();
      await database.close();
    },
  };
}
