/**
 * Deeper than any body the API takes (its deepest is a list in an object). A body of 100,000
 * nested arrays parses within the size limit, and would then be a trap for any code that
 * walks it recursively.
 */
const MAX_JSON_DEPTH = 32;

/**
 * What is wrong with parsed input in itself, whatever the route: a text holding a NUL character
 * (U+0000), which PostgreSQL text cannot store and no person types, or nesting past
 * `MAX_JSON_DEPTH`. The answer is the 400 message, naming the field by its dotted path (such as
 * `replies.0.content`); undefined when nothing is wrong.
 *
 * Walks without recursion, so the deepest input cannot overflow the stack.
 */
export function problemWithInput(input: unknown): string | undefined {
  const pending: [value: unknown, path: string, depth: number][] = [[input, '', 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path, depth] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        return path
          ? `${path} must not contain NUL characters`
          : 'The request body must not contain NUL characters';
      }
    } else if (typeof value === 'object' && value !== null) {
      if (depth === MAX_JSON_DEPTH) {
        return `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;
      }
      // Last first onto the stack, so fields are checked in the order they were sent.
      for (const [key, child] of Object.entries(value).reverse()) {
        pending.push([child, path ? `${path}.${key}` : key, depth + 1]);
      }
    }
  }
  return undefined;
}
