import { describe, expect, it } from 'vitest';
import { readSidebarOpenCookie } from './sidebar-state';

describe('readSidebarOpenCookie', () => {
  it('reads the saved state among other cookies', () => {
    expect(readSidebarOpenCookie('theme=dark; sidebar:state=false; other=1')).toBe(false);
    expect(readSidebarOpenCookie('sidebar:state=true')).toBe(true);
  });

  it('knows nothing when the cookie is missing or unreadable', () => {
    expect(readSidebarOpenCookie('')).toBeUndefined();
    expect(readSidebarOpenCookie('sidebar_state=false')).toBeUndefined();
    expect(readSidebarOpenCookie('sidebar:state=maybe')).toBeUndefined();
  });
});
