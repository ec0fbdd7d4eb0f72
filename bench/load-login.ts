// POST /api/login with the right password, over and over: argon2id makes each one cost ~25 ms of
// a core by design, so this shows how many sign-ins a second the machine can take.
import { latencyText, measureLoad, problemsText, requestsPerSecond } from './load-measure';
import type { LoadServer } from './load-server';
import type { MemoryWatch } from './memory-after-load';
import type { Row } from './table';

const LOAD = { connections: 10, duration: 10 };

export async function benchLoginLoad(
  server: Pick<LoadServer, 'origin' | 'pid'>,
  credentials: { username: string; password: string },
  memory: MemoryWatch,
): Promise<Row[]> {
  const url = `${server.origin}/api/login`;
  // The Origin header passes the server's check that a change comes from its own site.
  const request = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify(credentials),
  };

  const probe = await fetch(url, request);
  if (probe.status !== 200) throw new Error(`POST /api/login answered ${probe.status}`);

  const result = await measureLoad(server.pid, { url, ...request, ...LOAD });
  return [
    {
      measure: `POST /api/login (right password), ${LOAD.connections} connections × ${LOAD.duration} s`,
      value: `${requestsPerSecond(result).toFixed(0)} req/s`,
      note: `${latencyText(result)}; each one a new session row; ${problemsText(result)}; ${await memory.afterLoad()}`,
    },
  ];
}
