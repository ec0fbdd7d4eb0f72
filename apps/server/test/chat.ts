import { squatsScan } from '@filmroom/coach/testing';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { generateAnalysis } from '../src/modules/analysis/generate-analysis';
import { scanKey } from '../src/modules/analysis/scan-keys';
import type { Runtime } from '../src/runtime';
import { insertReadyVideo } from './videos';

export { askOverHttp, chatStreamParser, type AskResult } from './chat-stream';

/**
 * The shared squats clip as if uploaded, prepared, scanned and analysed: the real scan of it
 * (packages/coach's fixture) stored as vision.scan stores it, then the real coach step.
 */
export async function insertAnalysedSquats(
  deps: Runtime['deps'],
  ownerId: string,
  title = 'Back squats',
): Promise<string> {
  const scan = squatsScan();
  const id = await insertReadyVideo(deps, ownerId, { duration: scan.duration, title });
  await deps.blobs.write(scanKey(id), Readable.from([gzipSync(JSON.stringify(scan))]), {
    contentType: 'application/gzip',
  });
  await generateAnalysis({ db: deps.db, blobs: deps.blobs, languageModel: undefined }, id);
  return id;
}
