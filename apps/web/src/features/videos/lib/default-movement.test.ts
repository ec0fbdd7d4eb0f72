import { MOVEMENTS } from '@filmroom/contract/values';
import { describe, expect, it } from 'vitest';
import { defaultMovement, movementForSport, rememberedChoice } from './default-movement';

describe("a team's sport names a movement only when it names exactly one", () => {
  it.each([
    ['Golf', 'golf_swing'],
    ['  golf ', 'golf_swing'],
    ['Basketball', 'basketball_shot'],
    ['Yoga', 'yoga'],
    ['Squat', 'squat'],
    ['Deadlift', 'hip_hinge'],
    ['Running', 'running'],
    ['Jumping jacks', 'jumping_jacks'],
    ['Tennis forehand / backhand', 'tennis_groundstroke'],
  ])('%s → %s', (sport, movement) => {
    expect(movementForSport(sport)).toBe(movement);
  });

  it.each([
    ['Tennis', 'a serve and groundstrokes'],
    ['Strength training', 'four lifts'],
    ['Running and jumping', 'running and the vertical jump'],
    ['Football', 'no movement of its own'],
    ['Golfing', 'not an exact name'],
    ['General movement', 'not a sport'],
    ['', 'nothing'],
  ])('%s → none (%s)', (sport) => {
    expect(movementForSport(sport)).toBeNull();
  });

  it('every movement but general is named by its own label', () => {
    for (const movement of MOVEMENTS.filter((entry) => entry.id !== 'general')) {
      expect(movementForSport(movement.label)).toBe(movement.id);
    }
  });
});

describe("the upload picker's default", () => {
  const golfTeam = { name: 'Range squad', sport: 'Golf' };
  const tennisTeam = { name: 'Juniors', sport: 'Tennis' };

  it("is the team's movement for a team upload, before the uploader's last choice", () => {
    expect(defaultMovement({ team: golfTeam, lastChoice: 'squat' })).toEqual({
      choice: 'golf_swing',
      reason: 'team',
      team: golfTeam,
    });
  });

  it("is the uploader's last choice when the team's sport names no single movement", () => {
    expect(defaultMovement({ team: tennisTeam, lastChoice: 'squat' })).toEqual({
      choice: 'squat',
      reason: 'last',
    });
    expect(defaultMovement({ team: null, lastChoice: 'tennis_serve' })).toEqual({
      choice: 'tennis_serve',
      reason: 'last',
    });
  });

  it('is "Not sure: detect it" otherwise, and for a remembered value no longer in the list', () => {
    expect(defaultMovement({ team: tennisTeam, lastChoice: null })).toEqual({
      choice: 'auto',
      reason: 'none',
    });
    expect(defaultMovement({ team: null, lastChoice: 'curling' })).toEqual({
      choice: 'auto',
      reason: 'none',
    });
  });

  it('remembers a named movement, never "Not sure"', () => {
    expect(rememberedChoice('golf_swing')).toBe('golf_swing');
    expect(rememberedChoice('auto')).toBeNull();
  });
});
