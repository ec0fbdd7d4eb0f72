import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One `POST /v1/audio/transcriptions` as the server received it. */
export type ReceivedTranscription = {
  authorization: string | undefined;
  model: string;
  fileName: string;
  /** The multipart part's content type. */
  fileType: string;
  audio: Buffer;
  /** The other form fields (`response_format`, `language`, `prompt`...). */
  fields: Record<string, string>;
};

/** How the server answers: a transcript, an OpenAI-style error, or no answer at all. */
export type TranscriptionAnswer =
  { text: string } | { status: number; message: string } | { hang: true };

export type TranscriptionTestServer = {
  /** The API root to configure, ending in `/v1`. */
  baseUrl: string;
  /** Every transcription request so far, oldest first. */
  received: ReceivedTranscription[];
  /** Decides each answer; replace it between tests. */
  answer: (request: ReceivedTranscription) => TranscriptionAnswer;
  close(): Promise<void>;
};

/**
 * A local server speaking OpenAI's transcription protocol (multipart upload with `file` and
 * `model`; JSON `{text}` back, or `{error: {message, type}}` with an error status), so the real
 * `openai` client and the server's transcribe route can be tested without a hosted model.
 */
export async function startTranscriptionTestServer(
  answer: TranscriptionTestServer['answer'] = () => ({ text: '' }),
): Promise<TranscriptionTestServer> {
  const received: ReceivedTranscription[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      respond(request, Buffer.concat(chunks)).then(
        (reply) => {
          if (!reply) return; // hang: leave the request open until the client gives up
          response.writeHead(reply.status, { 'content-type': reply.contentType });
          response.end(reply.body);
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(openAiError(String(error), 'server_error'));
        },
      );
    });
  });

  const testServer: TranscriptionTestServer = {
    baseUrl: '',
    received,
    answer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function respond(
    request: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; contentType: string; body: string } | undefined> {
    const invalid = (message: string) => ({
      status: 400,
      contentType: 'application/json',
      body: openAiError(message, 'invalid_request_error'),
    });
    if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
      return {
        status: 404,
        contentType: 'application/json',
        body: openAiError('Not found', 'invalid_request_error'),
      };
    }
    const contentType = request.headers['content-type'] ?? '';
    if (!contentType.startsWith('multipart/form-data')) {
      return invalid('Expected a multipart/form-data body');
    }
    // Node's fetch implementation parses multipart bodies; no parser of our own to get wrong.
    const form = await new Request('http://test.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    }).formData();
    const file = form.get('file');
    const model = form.get('model');
    if (!(file instanceof Blob)) return invalid("Missing required parameter: 'file'");
    if (typeof model !== 'string' || !model) return invalid("Missing required parameter: 'model'");
    const fields: Record<string, string> = {};
    for (const [name, value] of form) {
      if (name !== 'file' && name !== 'model' && typeof value === 'string') fields[name] = value;
    }
    const transcription: ReceivedTranscription = {
      authorization: request.headers.authorization,
      model,
      fileName: 'name' in file ? String(file.name) : '',
      fileType: file.type,
      audio: Buffer.from(await file.arrayBuffer()),
      fields,
    };
    received.push(transcription);

    const reply = testServer.answer(transcription);
    if ('hang' in reply) return undefined;
    if ('status' in reply) {
      const type = reply.status >= 500 ? 'server_error' : 'invalid_request_error';
      return {
        status: reply.status,
        contentType: 'application/json',
        body: openAiError(reply.message, type),
      };
    }
    if (fields.response_format === 'text') {
      return { status: 200, contentType: 'text/plain', body: reply.text };
    }
    return {
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ text: reply.text }),
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  testServer.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return testServer;
}

const openAiError = (message: string, type: string) =>
  JSON.stringify({ error: { message, type, param: null, code: null } });
