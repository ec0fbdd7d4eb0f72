import { describe, expect, it } from 'vitest';
import { canDeleteAnnotation, canResolveAnnotation } from './annotation-permissions';

const by = (id: string) => ({ user: { id, name: 'Someone', avatarUrl: null } });

describe('canDeleteAnnotation', () => {
  it('lets editors delete any note and others only their own', () => {
    expect(canDeleteAnnotation(by('coach'), { editable: true, userId: 'editor' })).toBe(true);
    expect(canDeleteAnnotation(by('athlete'), { editable: false, userId: 'athlete' })).toBe(true);
    expect(canDeleteAnnotation(by('coach'), { editable: false, userId: 'athlete' })).toBe(false);
    expect(canDeleteAnnotation(by('coach'), { editable: false, userId: null })).toBe(false);
  });
});

describe('canResolveAnnotation', () => {
  it("lets the video's editors and the note's author resolve it, and no one else", () => {
    expect(canResolveAnnotation(by('coach'), { editable: true, userId: 'editor' })).toBe(true);
    expect(canResolveAnnotation(by('athlete'), { editable: false, userId: 'athlete' })).toBe(true);
    expect(canResolveAnnotation(by('coach'), { editable: false, userId: 'athlete' })).toBe(false);
  });
});
