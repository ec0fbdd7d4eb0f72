import { describe, expect, it } from 'vitest';
import { bellLabel, unreadBadge } from './unread-label';

describe('the bell', () => {
  it('shows up to 99 and then 99+', () => {
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('says the count in words', () => {
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });
});
