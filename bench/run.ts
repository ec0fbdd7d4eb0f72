// npm run bench: FilmRoom's speed and memory figures, printed as one table. Asserts nothing:
// targets are read by people, not enforced by tests.
import { benchAnalysis } from './analysis';
import { benchAnalysisOverHttp } from './analysis-over-http';
import { benchChatOverHttp } from './chat-over-http';
import { benchStartupAndSignIn } from './startup-and-sign-in';
import { printTable, type Row } from './table';
import { benchUploadThroughput } from './upload-throughput';

const rows: Row[] = [
  ...(await benchStartupAndSignIn()),
  ...(await benchUploadThroughput()),
  ...(await benchAnalysis()),
  ...(await benchAnalysisOverHttp()),
  ...(await benchChatOverHttp()),
];
printTable(rows);
