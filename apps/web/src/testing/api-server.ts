import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DetachedWindowAPI } from 'happy-dom';
import { afterAll, afterEach, beforeAll } from 'vitest';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A real HTTP server standing where FilmRoom's server would, at the page's own origin: the app's
 * fetches and EventSource reach it as they reach the real one. Each test says how it answers a
 * path; anything else is a 404.
 */
export function withApiServer() {
  const answers = new Map<string, Answer>();
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (answer) answer(request, response);
    else
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"message":"Not found"}');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    (window as unknown as { happyDOM: DetachedWindowAPI }).happyDOM.setURL(
      `http://127.0.0.1:${port}/`,
    );
  });
  afterEach(() => answers.clear());
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  return {
    /** How GET `path` is answered from now on. */
    answer(path: string, answer: Answer) {
      answers.set(path, answer);
    },
    /** GET `path` answers `status` with `body` as JSON. */
    json(path: string, status: number, body: unknown) {
      answers.set(path, (_request, response) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(body)),
      );
    },
    /** Requests to `path` answer `status` with `body` as JSON; what each sent is kept, in order. */
    record(path: string, status: number, body: unknown): unknown[] {
      const sent: unknown[] = [];
      answers.set(path, (request, response) => {
        let text = '';
        request.on('data', (chunk: Buffer) => (text += chunk.toString()));
        request.on('end', () => {
          sent.push(text ? JSON.parse(text) : null);
          response
            .writeHead(status, { 'content-type': 'application/json' })
            .end(JSON.stringify(body));
        });
      });
      return sent;
    },
  };
}
