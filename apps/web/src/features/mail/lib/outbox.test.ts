import { describe, expect, it } from 'vitest';
import { firstLinkIn } from './outbox';

describe('firstLinkIn', () => {
  it('finds the link on its own line', () => {
    const text = [
      'Hello Maya,',
      '',
      'Set a password to open your account:',
      'http://127.0.0.1:3000/reset-password?token=abc%2Bdef',
      '',
      'The link works once and for 7 days.',
    ].join('\n');
    expect(firstLinkIn(text)).toBe('http://127.0.0.1:3000/reset-password?token=abc%2Bdef');
  });

  it('is null when there is no link', () => {
    expect(firstLinkIn('Nothing to follow here.')).toBe(null);
  });
});
