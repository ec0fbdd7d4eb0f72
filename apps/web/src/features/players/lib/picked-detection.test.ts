import type { PlayerDetection } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { detectionKey, isPicked, personBoxAt, pickAnnouncement } from './picked-detection';

const detection = (overrides: Partial<PlayerDetection> = {}): PlayerDetection => ({
  timestamp: 1.2,
  playerMatchId: null,
  confidence: 0.8,
  jerseyNumber: null,
  jerseyColor: 'White',
  faceDetected: false,
  box: [0.1, 0.2, 0.3, 0.6],
  ...overrides,
});

describe('personBoxAt', () => {
  const picked = { detection: detection(), name: 'Unidentified Player' };

  it('gives the box while playback is within a quarter second of the detection', () => {
    expect(personBoxAt(picked, 1.2)).toEqual({
      box: [0.1, 0.2, 0.3, 0.6],
      label: 'Unidentified Player',
    });
    expect(personBoxAt(picked, 1.45)).not.toBeNull();
    expect(personBoxAt(picked, 0.95)).not.toBeNull();
    expect(personBoxAt(picked, 1.46)).toBeNull();
    expect(personBoxAt(picked, 0.9)).toBeNull();
  });

  it('gives nothing when nobody is picked or the detection has no box', () => {
    expect(personBoxAt(null, 1.2)).toBeNull();
    const { box: _box, ...boxless } = detection();
    expect(personBoxAt({ detection: boxless, name: 'Jo' }, 1.2)).toBeNull();
  });
});

describe('isPicked', () => {
  it('recognises the picked row in a refetched list, and no other row', () => {
    const picked = { detection: detection(), name: 'Jo' };
    expect(isPicked(picked, { ...detection() })).toBe(true);
    expect(isPicked(picked, detection({ box: [0.5, 0.2, 0.3, 0.6] }))).toBe(false);
    expect(isPicked(picked, detection({ timestamp: 1.8 }))).toBe(false);
    expect(isPicked(null, detection())).toBe(false);
    expect(detectionKey(detection())).not.toBe(detectionKey(detection({ playerMatchId: 'a' })));
  });
});

describe('pickAnnouncement', () => {
  it('says who, when, and whether a box is drawn', () => {
    expect(pickAnnouncement({ detection: detection(), name: 'Jo Kim' })).toBe(
      'Jo Kim at 1.2s: the video is paused there with a box around them.',
    );
    const { box: _box, ...boxless } = detection();
    expect(pickAnnouncement({ detection: boxless, name: 'Jo Kim' })).toMatch(/no box was recorded/);
    expect(pickAnnouncement(null)).toBe('');
  });
});
