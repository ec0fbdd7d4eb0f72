import type { User } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { sectionLabel } from './nav-items';

const coach = { isCoach: true } as User;

describe('sectionLabel', () => {
  it('names the section of the menu, and the pages reached from one', () => {
    expect(sectionLabel(coach, '/playlists')).toBe('Playlists');
    expect(sectionLabel(coach, '/playlists/0b6f')).toBe('Playlists');
    expect(sectionLabel(coach, '/videos/0b6f')).toBe('Videos');
    expect(sectionLabel(coach, '/season')).toBe('Season stats');
    expect(sectionLabel(coach, '/compare')).toBe('Compare');
    expect(sectionLabel(coach, '/notifications')).toBe('Notifications');
    expect(sectionLabel(coach, '/nowhere')).toBe('FilmRoom');
  });
});
