import { scanVideo } from '@filmroom/vision';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { Config } from '../../config';
import type { AnyJobDefinition, JobQueue } from '../../jobs/queue';
import type { Log } from '../../lib/logger';
import type { Notifier } from '../notifications';
import { videoKeys } from '../../storage';
import { saveAnalysis } from './analysis-store';
import { generateAnalysis, ScanNotReady, type AnalysisDependencies } from './generate-analysis';
import { analyseRange, giveUpOnRange } from './range-job';
import { scanKey } from './scan-keys';
import { reuseScanOfSameSource, scanSourceOf } from './scan-source';

type Dependencies = AnalysisDependencies & {
  queue: JobQueue;
  log: Log;
  config: Config;
  notifier: Notifier;
};

const PROGRESS_INTERVAL_MS = 1_000;

/**
 * vision.scan: the expensive step, once per video — people, poses and faces from the prepared
 * file, stored as compact tracks. Then analysis.generate turns them into coaching.
 */
export function analysisJobs(deps: Dependencies): AnyJobDefinition[] {
  const { db, blobs, queue, log, config, notifier } = deps;
  return [
    {
      name: 'vision.scan',
      expireInSeconds: 2 * 60 * 60,
      retryLimit: 2,
      concurrency: config.jobConcurrency,
      handle: async ({ videoId }, signal) => {
        if (!(await blobs.stat(videoKeys.media(videoId)))) return; // deleted, or never prepared
        await saveAnalysis(db, videoId, { status: 'scanning', progress: 0, failureReason: null });
        await blobs.withLocalCopy(videoKeys.media(videoId), async (file) => {
          const source = await scanSourceOf(file, config.vision);
          const reused = await reuseScanOfSameSource(
            {
              db,
              blobs,
              log,
              saveProgress: (progress) => saveAnalysis(db, videoId, { progress }),
            },
            source,
            videoId,
            signal,
          );
          if (reused) return;
          let lastWrite = 0;
          const scan = await scanVideo(file, {
            fps: config.vision.fps,
            dense: config.vision.denseShare > 0 ? { share: config.vision.denseShare } : false,
            workers: config.vision.workers,
            signal,
            onProgress: (fraction) => {
              if (Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
              lastWrite = Date.now();
              void saveAnalysis(db, videoId, { progress: Math.floor(fraction * 95) }).catch(
                (error: unknown) =>
                  log.warn({ err: error, videoId }, 'could not record scan progress'),
              );
            },
          });
          const { timings: _timings, ...measured } = scan;
          await blobs.write(scanKey(videoId), Readable.from([gzipSync(JSON.stringify(measured))]), {
            contentType: 'application/gzip',
          });
        });
        await saveAnalysis(db, videoId, {
          status: 'analysing',
          progress: 95,
          scanKey: scanKey(videoId),
        });
        await queue.send('analysis.generate', { videoId });
      },
      onGiveUp: async ({ videoId }) => {
        await saveAnalysis(db, videoId, {
          status: 'failed',
          failureReason: 'The video could not be analysed.',
        });
        await notifier.analysisFinished(videoId, 'failed');
      },
    },
    {
      name: 'analysis.generate',
      expireInSeconds: 10 * 60,
      retryLimit: 3,
      concurrency: config.jobConcurrency,
      handle: async ({ videoId }) => {
        try {
          await generateAnalysis(deps, videoId);
        } catch (error) {
          if (error instanceof ScanNotReady) return; // the video was deleted meanwhile
          throw error;
        }
        // Only the job's analysis is news: Regenerate is someone asking, and watching, for it.
        await notifier.analysisFinished(videoId, 'ready');
      },
      // Out of retries (the model kept failing, or the worker kept dying): without this the
      // video would say "analysing" for ever and its owner would never hear it failed.
      onGiveUp: async ({ videoId }) => {
        await saveAnalysis(db, videoId, {
          status: 'failed',
          failureReason: 'The analysis could not be written.',
        });
        await notifier.analysisFinished(videoId, 'failed');
      },
    },
    {
      name: 'analysis.range',
      expireInSeconds: 2 * 60 * 60,
      retryLimit: 1,
      concurrency: config.jobConcurrency,
      handle: async ({ rangeId }, signal) => analyseRange(deps, rangeId, signal),
      onGiveUp: async ({ rangeId }) => giveUpOnRange(db, rangeId),
    },
  ];
}
