import { describe, expect, it } from 'vitest';
import { canEditVideo, searchVideos, sharerName, trainingHours } from './video-library';

describe('searchVideos', () => {
  const videos = [{ title: 'Squat Form' }, { title: 'Free throws' }, { title: 'SQUAT depth' }];

  it('matches the title ignoring case', () => {
    expect(searchVideos(videos, 'squat').map((v) => v.title)).toEqual([
      'Squat Form',
      'SQUAT depth',
    ]);
    expect(searchVideos(videos, 'THROW').map((v) => v.title)).toEqual(['Free throws']);
  });

  it('returns everything for a blank search and nothing for no match', () => {
    expect(searchVideos(videos, '  ')).toHaveLength(3);
    expect(searchVideos(videos, 'dunk')).toEqual([]);
  });
});

describe('trainingHours', () => {
  it('sums durations to hours with one decimal', () => {
    expect(trainingHours([{ duration: 3600 }, { duration: 1800 }])).toBe('1.5');
    expect(trainingHours([{ duration: 13 }, { duration: 26 }])).toBe('0.0');
    expect(trainingHours([{ duration: 300 }, { duration: 60 }])).toBe('0.1');
  });

  it('counts videos without a duration yet as nothing', () => {
    expect(trainingHours([{ duration: null }, { duration: 7200 }])).toBe('2.0');
    expect(trainingHours([])).toBe('0.0');
  });
});

describe('canEditVideo', () => {
  it('lets the owner and edit-access users edit, not view-access users', () => {
    expect(canEditVideo({ isShared: false, accessLevel: null })).toBe(true);
    expect(canEditVideo({ isShared: true, accessLevel: 'edit' })).toBe(true);
    expect(canEditVideo({ isShared: true, accessLevel: 'view' })).toBe(false);
    expect(canEditVideo({ isShared: true, accessLevel: null })).toBe(false);
  });
});

describe('sharerName', () => {
  it('prefers the name, else the e-mail', () => {
    expect(sharerName({ sharedBy: { name: 'Casey Coach', username: 'c@x.org' } })).toBe(
      'Casey Coach',
    );
    expect(sharerName({ sharedBy: { name: ' ', username: 'c@x.org' } })).toBe('c@x.org');
    expect(sharerName({ sharedBy: null })).toBeNull();
  });
});
