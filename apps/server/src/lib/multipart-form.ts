import { HttpError } from './http-errors';

/**
 * busboy's words for a body that is not well-formed multipart/form-data. It reports them as
 * plain errors with no status, so without this they would leave as 500s.
 */
const MALFORMED_FORM: [RegExp, string][] = [
  [/^Multipart: Boundary not found$/, 'its Content-Type has no boundary'],
  [/^The needle cannot/, 'its boundary is too long'],
  [/^Unexpected end of (multipart data|form)$/, 'it ended before its closing boundary'],
  [/terminated early due to unexpected end of multipart data$/, 'it ended inside a part'],
];

/**
 * The 4xx answer for an error met while reading a multipart form that the client caused, or
 * undefined for anything else (a storage failure stays a 500). Checked by message because
 * busboy gives these errors no code.
 */
export function malformedFormError(error: unknown): HttpError | undefined {
  if (!(error instanceof Error)) return undefined;
  // @fastify/multipart calls a field whose declared JSON does not parse "406 Not Acceptable",
  // which is about the answer's type, not the request's: this is a bad request.
  if ((error as { code?: string }).code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return new HttpError(400, 'A form field declared as application/json is not valid JSON');
  }
  for (const [pattern, reason] of MALFORMED_FORM) {
    if (pattern.test(error.message)) {
      return new HttpError(400, `The upload is not valid multipart/form-data: ${reason}`);
    }
  }
  return undefined;
}
