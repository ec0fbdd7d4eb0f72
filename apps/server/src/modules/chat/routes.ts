import {
  chatHistorySchema,
  chatRequestBodySchema,
  chatStreamEventSchema,
  errorResponseSchema,
  type ChatStreamEvent,
  messageResponseSchema,
  videoIdParamsSchema,
} from '@filmroom/contract';
import { ChatAbortedError } from '@filmroom/coach/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { EventStream, EventStreamClosed } from '../../lib/event-stream';
import { requireUser } from '../access';
import { answerPieces, failureMessage, SHUTTING_DOWN } from './answer-stream';
import type { ChatService } from './chat-service';

// A person reads an answer before asking again: a question every few seconds at most. This
// stops one account from keeping the language model (and its bill) busy for everybody.
const QUESTIONS_PER_MINUTE = 20;

const errors = errorResponses(400, 401, 404);

/**
 * The AI Coach chat about one video (spec §7): the asker's history, a question answered as a
 * stream of events, and clearing the history. Anyone who may view the video may chat; each
 * person has a conversation of their own.
 */
export const chatRoutes: FastifyPluginAsyncZod<{ chats: ChatService }> = async (app, { chats }) => {
  const answering = new Set<AbortController>();
  // A hijacked stream is not Fastify's to end: stop the answers so a shutdown need not wait.
  app.addHook('preClose', async () => {
    for (const answer of answering) answer.abort(SHUTTING_DOWN);
  });

  const perAccount = app.limitRequests({
    max: QUESTIONS_PER_MINUTE,
    timeWindowMs: 60_000,
    key: (request) => `chat:${request.user?.id ?? request.ip}`,
    message: 'Too many questions to the AI Coach from this account.',
  });

  app.get(
    '/videos/:id/chat',
    {
      schema: {
        tags: ['chat'],
        summary: "The asker's own AI Coach conversation about the video, oldest first",
        description:
          "Only the asker's messages: each person who may view the video has a conversation of " +
          'their own. The suggested prompts come with the video (GET /api/videos/{id}, `suggestedPrompts`).',
        params: videoIdParamsSchema,
        response: { 200: chatHistorySchema, ...errors },
      },
    },
    async (request) => chats.history(requireUser(request), request.params.id),
  );

  app.delete(
    '/videos/:id/chat',
    {
      schema: {
        tags: ['chat'],
        summary: "Clear the asker's AI Coach conversation about the video (others' stay)",
        params: videoIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await chats.clear(requireUser(request), request.params.id);
      return { message: 'Chat history cleared successfully' };
    },
  );

  app.post(
    '/videos/:id/chat',
    {
      preHandler: perAccount,
      schema: {
        tags: ['chat'],
        summary: 'Ask the AI Coach about the video; the answer streams as server-sent events',
        description:
          'The answer is `text/event-stream`: lines `data: {"type":"partial","content":"..."}` ' +
          'where each content is the next piece of the answer (join them in order), then one ' +
          '`data: {"type":"complete"}` (the answer is stored: refetch the history) or ' +
          '`data: {"type":"error","content":"..."}` (a message for the asker; nothing is ' +
          'stored). Each event is followed by a blank line. The question is stored when it ' +
          'arrives. Closing the connection stops the answer at once and it is not stored. The ' +
          'answer comes from the measurements (built-in coach), or from the configured language ' +
          'model given only those measurements. Errors before the stream starts are JSON.',
        params: videoIdParamsSchema,
        body: chatRequestBodySchema,
        response: {
          200: {
            description: 'One `data:` line per event, each followed by a blank line',
            content: { 'text/event-stream': { schema: chatStreamEventSchema } },
          },
          ...errors,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = new AbortController();
      // The response closes when the answer is sent, or earlier when the asker leaves: then no
      // more of the answer is made (a language model sees its request closed).
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) answer.abort(new ChatAbortedError());
      });

      const question = request.body.message;
      const asked = await chats.ask(user, request.params.id, question);
      const { video } = asked;
      if (answer.signal.aborted) {
        reply.hijack();
        reply.raw.end();
        return reply;
      }
      const stream = EventStream.open(reply);
      const write = (event: ChatStreamEvent) => stream.write(event, { signal: answer.signal });
      answering.add(answer);
      const started = performance.now();
      let text = '';
      try {
        for await (const piece of answerPieces(
          app.config.languageModel,
          asked.context,
          question,
          answer.signal,
        )) {
          text += piece;
          await write({ type: 'partial', content: piece });
        }
        // Left just as the last piece was made: the asker never got it whole.
        if (answer.signal.aborted) throw new ChatAbortedError();
        await chats.recordAnswer(asked.question, text);
        await write({ type: 'complete' });
        request.log.info(
          {
            videoId: video.id,
            characters: text.length,
            ms: Math.round(performance.now() - started),
          },
          'chat answered',
        );
      } catch (error) {
        const shuttingDown = answer.signal.reason === SHUTTING_DOWN;
        const left =
          answer.signal.aborted ||
          error instanceof ChatAbortedError ||
          error instanceof EventStreamClosed;
        const details = { videoId: video.id, characters: text.length };
        if (left && !shuttingDown) {
          request.log.info(details, 'chat answer stopped: the asker left');
        } else {
          if (shuttingDown) request.log.info(details, 'chat answer stopped: shutting down');
          else request.log.error({ ...details, err: error }, 'chat answer failed');
          stream.send({ type: 'error', content: failureMessage(error, answer.signal) });
        }
      } finally {
        answering.delete(answer);
        stream.end();
      }
      return reply;
    },
  );
};
