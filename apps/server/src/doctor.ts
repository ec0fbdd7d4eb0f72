// npm run doctor: checks that nothing is lost or stuck — every video row has its files, every
// file has its row, no job hangs, every video ends ready or failed with a reason. Reads only.
// Exits 1 when it finds a problem, so scripts (and the fault tests) can rely on it.
import { mediaBinaries } from '@filmroom/media';
import pino from 'pino';
import { loadConfig } from './config';
import { connectDatabase } from './db/connection';
import { openEmbeddedPostgres } from './db/embedded-postgres';
import { examine, type Finding } from './maintenance/doctor';
import { resumableUploadsFolder } from './modules/videos';
import { createBlobStore, WorkFolders } from './storage';

async function doctor(): Promise<number> {
  const config = loadConfig(process.env);
  const log = pino({ level: 'warn' });
  const embedded = config.databaseUrl ? undefined : await openEmbeddedPostgres(config.dataDir, log);
  const database = connectDatabase(config.databaseUrl ?? embedded!.url, { maxConnections: 2 });
  try {
    const blobs = await createBlobStore(config);
    const report = await examine({
      pool: database.pool,
      blobs,
      workFolders: WorkFolders.in(config.dataDir),
      // On S3 the bucket holds them (as multipart uploads and .info objects).
      ...(config.s3
        ? {}
        : {
            resumableUploads: {
              directory: resumableUploadsFolder(config),
              expiryMs: config.resumableUploads.expiryMs,
            },
          }),
    });
    const { videos, blobs: files, activeJobs } = report.counts;
    const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
    console.log(
      `FilmRoom doctor: ${count(videos, 'video')}, ${count(files, 'stored file')}, ${count(activeJobs, 'job')} running`,
    );
    const print = (finding: Finding) =>
      console.log(`  - ${finding.check}: ${finding.subject}: ${finding.detail}`);
    if (report.inProgress.length > 0) {
      console.log(`In progress (fine unless it stays for an hour):`);
      report.inProgress.forEach(print);
    }
    for (const what of report.unchecked) console.log(`Not checked: ${what}`);
    const { ffmpeg, ffprobe, warning } = await mediaBinaries();
    console.log(
      `Media tools: ffmpeg ${ffmpeg.version ?? '?'} (${ffmpeg.source}), ffprobe ${ffprobe.version ?? '?'} (${ffprobe.source})`,
    );
    if (warning) console.log(`Warning: ${warning}`);
    if (report.problems.length === 0) {
      console.log('No problems found.');
      return 0;
    }
    console.log(`${report.problems.length} problem(s):`);
    report.problems.forEach(print);
    return 1;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

doctor().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
