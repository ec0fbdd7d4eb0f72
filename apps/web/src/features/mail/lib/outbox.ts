/** The first web address in a message's text: the link the recipient would have followed. */
export function firstLinkIn(text: string): string | null {
  return text.match(/https?:\/\/\S+/)?.[0] ?? null;
}
