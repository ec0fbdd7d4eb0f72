// npm run bench: FilmRoom's speed and memory figures, printed as one table. Asserts nothing:
// targets are read by people, not enforced by tests.
// `npm run bench -- load chat` runs only the named groups; no names runs them all.
import { benchAnalysis } from './analysis';
import { benchAnalysisOverHttp } from './analysis-over-http';
import { benchChatOverHttp } from './chat-over-http';
import { benchExport } from './export';
import { benchFullGame } from './full-game';
import { benchCompareStartUp } from './compare-start-up';
import { benchLibrary } from './library';
import { benchLoad } from './load';
import { benchMeasure } from './measure';
import { benchSoak } from './soak';
import { benchStartupAndSignIn } from './startup-and-sign-in';
import { benchResumableUpload } from './resumable-upload';
import { benchStreaming } from './streaming';
import { benchTagging, benchTaggingTimeline } from './tagging';
import { printTable, type Row } from './table';
import { benchUploadThroughput } from './upload-throughput';

const groups: Record<string, () => Promise<Row[]>> = {
  startup: benchStartupAndSignIn,
  upload: benchUploadThroughput,
  'resumable-upload': benchResumableUpload,
  analysis: benchAnalysis,
  'analysis-http': benchAnalysisOverHttp,
  chat: benchChatOverHttp,
  load: benchLoad,
  library: benchLibrary,
  export: benchExport,
  measure: benchMeasure,
  compare: benchCompareStartUp,
  streaming: benchStreaming,
  tagging: benchTagging,
  'tagging-timeline': benchTaggingTimeline,
  'full-game': benchFullGame,
  soak: benchSoak,
};
/**
 * Only when asked for by name: acceptance runs that take long and want a quiet machine, and
 * the tagging timeline's rows alone (the whole tagging group measures them too).
 */
const ONLY_BY_NAME = new Set(['full-game', 'soak', 'tagging-timeline']);

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in groups));
if (unknown.length > 0) {
  throw new Error(
    `No bench named ${unknown.join(', ')}; choose from ${Object.keys(groups).join(', ')}`,
  );
}

const rows: Row[] = [];
// In the table's usual order whatever order the names came in.
for (const [name, bench] of Object.entries(groups)) {
  const wanted = asked.length === 0 ? !ONLY_BY_NAME.has(name) : asked.includes(name);
  if (wanted) rows.push(...(await bench()));
}
printTable(rows);
