import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';
import { lingerAfterAnswer } from '../lib/lingering-close';
import { isOutOfSpace, OUT_OF_SPACE_MESSAGE, SERVER_FAULT_MESSAGE } from '../lib/server-faults';

type ValidationIssue = { instancePath: string; message?: string; keyword: string; params: object };

/** Turns a schema violation into one sentence that names the field. */
function describeValidationIssue(issue: ValidationIssue, context: string | undefined) {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'is invalid';
  if (!field) {
    return context === 'body' ? 'The request body must be a JSON object' : `Invalid ${context}`;
  }
  // zod's built-in type messages don't say which field; the contract's own messages do.
  if (issue.keyword === 'invalid_type' && message.startsWith('Invalid input')) {
    const expected = (issue.params as { expected?: string }).expected;
    return message.endsWith('received undefined')
      ? `${field} is required`
      : `${field} must be ${expected === 'array' || expected === 'object' ? 'an' : 'a'} ${expected}`;
  }
  return message.startsWith('Invalid') ? `${field}: ${message}` : message;
}

/**
 * Every error leaves as JSON `{ message }` with the right status. Details of unexpected errors
 * go to the log only: no stack traces or SQL reach the client.
 */
export default fp(
  async function errors(app: FastifyInstance) {
    // A shutdown does not wait for refused bodies to finish arriving.
    const lingering = new Set<Socket>();
    app.addHook('preClose', async () => {
      for (const socket of lingering) socket.destroy();
    });
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      // A request refused with its body unread, or an upload that failed part-way (too large,
      // wrong type, disk full): what is left of the body may still be on the wire, or its
      // stream was torn down with the socket. Either way this connection cannot carry another
      // request; say so, or the client's next request on it meets a reset. What is left of the
      // body is read and discarded after the answer, so that a client still sending can read it.
      const upload = request.headers['content-type']?.startsWith('multipart/') === true;
      if (!request.raw.complete || upload) void reply.header('connection', 'close');
      if (!request.raw.complete) lingerAfterAnswer(request.raw, reply.raw, lingering);
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        // One message per field: the first rule it broke ("required" before "valid e-mail").
        const firstIssuePerField = new Map<string, (typeof error.validation)[number]>();
        for (const issue of error.validation) {
          if (!firstIssuePerField.has(issue.instancePath)) {
            firstIssuePerField.set(issue.instancePath, issue);
          }
        }
        const messages = [...firstIssuePerField.values()].map((issue) =>
          describeValidationIssue(issue, error.validationContext),
        );
        return reply.code(400).send({ message: messages.join('; ') });
      }
      if (isOutOfSpace(error)) {
        request.log.error({ err: error }, 'storage is full');
        return reply.code(507).send({ message: OUT_OF_SPACE_MESSAGE });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ message: SERVER_FAULT_MESSAGE });
      }
      // Fastify's own 4xx errors (bad JSON, wrong content type, body too large, rate limits).
      return reply.code(status).send({ message: error.message });
    });
  },
  { name: 'errors' },
);
