import { errorResponseSchema } from '@filmroom/contract';

/**
 * The `response` schema entries for the error statuses a route may answer; every error body is
 * `{message}`. Spread into a route's `response` beside its success schema.
 */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as {
    [Code in Codes[number]]: typeof errorResponseSchema;
  };
}
