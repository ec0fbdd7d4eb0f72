import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatCompletionRequestBody = {
  model: string;
  stream?: boolean;
  temperature?: number;
  messages: { role: string; content: string }[];
};

/** One `POST /v1/chat/completions` as the server received it, and how its reply went. */
export type ReceivedChatCompletion = {
  authorization: string | undefined;
  body: ChatCompletionRequestBody;
  /** Content deltas written to the connection so far (streamed replies). */
  deltasWritten: number;
  /** Resolves when the connection closes; `early` when the client left before the reply ended. */
  closed: Promise<{ early: boolean }>;
};

/**
 * How the server answers: content (whole, or streamed in deltas when the request asks for a
 * stream), or an OpenAI-style error status before any content.
 */
export type ChatCompletionAnswer =
  | {
      content: string;
      /** Characters per streamed delta (12 when absent). */
      chunkSize?: number;
      /**
       * Pause before each streamed delta, or before a whole reply (a slow model), in
       * milliseconds (none when absent).
       */
      delayMs?: number;
      /**
       * How a streamed reply ends after its content: `[DONE]` (the default), an error event
       * in the stream as OpenAI sends one, or the connection dropped without an ending.
       */
      end?: 'done' | 'error-event' | 'hang-up';
    }
  | { status: number; message: string };

export type ChatCompletionsTestServer = {
  /** The API root to configure, ending in `/v1`. */
  baseUrl: string;
  /** Every chat-completions request so far, oldest first. */
  received: ReceivedChatCompletion[];
  /** Decides each answer; replace it between tests. */
  answer: (request: ReceivedChatCompletion) => ChatCompletionAnswer;
  close(): Promise<void>;
};

/**
 * A local server speaking OpenAI's chat-completions protocol (plain and streamed), so the real
 * `openai` client, the narrator and the chat can be tested without a hosted model. It records
 * how much of a streamed reply it wrote before the client closed the connection, so a test can
 * tell that an abort really stopped the model's stream.
 */
export async function startChatCompletionsTestServer(
  answer: ChatCompletionsTestServer['answer'] = () => ({ content: '' }),
): Promise<ChatCompletionsTestServer> {
  const received: ReceivedChatCompletion[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(openAiError('Not found', 'invalid_request_error'));
        return;
      }
      const closed = new Promise<{ early: boolean }>((resolve) =>
        response.on('close', () => resolve({ early: !response.writableFinished })),
      );
      const call: ReceivedChatCompletion = {
        authorization: request.headers.authorization,
        body: JSON.parse(raw) as ChatCompletionRequestBody,
        deltasWritten: 0,
        closed,
      };
      received.push(call);
      void reply(call, testServer.answer(call), response);
    });
  });

  const testServer: ChatCompletionsTestServer = {
    baseUrl: '',
    received,
    answer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  testServer.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return testServer;
}

async function reply(
  call: ReceivedChatCompletion,
  answer: ChatCompletionAnswer,
  response: http.ServerResponse,
) {
  if ('status' in answer) {
    const type = answer.status >= 500 ? 'server_error' : 'invalid_request_error';
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(openAiError(answer.message, type));
    return;
  }
  const base = { id: 'chatcmpl-test', created: 1, model: call.body.model };
  if (!call.body.stream) {
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: answer.content },
          },
        ],
      }),
    );
    return;
  }

  response.writeHead(200, { 'content-type': 'text/event-stream' });
  let gone = false;
  response.on('close', () => (gone = true));
  const size = answer.chunkSize ?? 12;
  const pieces = answer.content.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
  for (const piece of pieces) {
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    // The client closed the connection: a real server stops generating here.
    if (gone) return;
    const chunk = {
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
    };
    response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    call.deltasWritten += 1;
  }
  if (gone) return;
  if (answer.end === 'hang-up') {
    // Let the written deltas reach the client first, then drop the connection mid-reply.
    setTimeout(() => response.destroy(), 20);
    return;
  }
  if (answer.end === 'error-event') {
    response.end(`data: ${openAiError('The model crashed', 'server_error')}\n\n`);
    return;
  }
  response.end('data: [DONE]\n\n');
}

const openAiError = (message: string, type: string) =>
  JSON.stringify({ error: { message, type, param: null, code: null } });
