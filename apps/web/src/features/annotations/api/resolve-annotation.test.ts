import type { Annotation } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { expectedResolution, withResolution } from './resolve-annotation';

const coach = { id: '7b0f1c3e-2a44-4c55-9d66-0e7f8a9b0c1d', name: 'Casey Coach', avatarUrl: null };
const note = (id: string) => ({ id, resolvedAt: null, resolvedBy: null }) as unknown as Annotation;

describe('withResolution', () => {
  it('marks the one note and leaves the others', () => {
    const resolution = { resolvedAt: '2026-11-26T18:00:00.000Z', resolvedBy: coach };
    const [first, second] = withResolution([note('a'), note('b')], 'b', resolution);
    expect(first!.resolvedAt).toBeNull();
    expect(second!.resolvedAt).toBe('2026-11-26T18:00:00.000Z');
    expect(second!.resolvedBy).toBe(coach);
  });
});

describe('expectedResolution', () => {
  const now = new Date('2026-11-26T18:00:00.000Z');

  it('is resolved now by the asker', () => {
    expect(expectedResolution(true, coach, now)).toEqual({
      resolvedAt: '2026-11-26T18:00:00.000Z',
      resolvedBy: coach,
    });
  });

  it('clears both when reopened', () => {
    expect(expectedResolution(false, coach, now)).toEqual({ resolvedAt: null, resolvedBy: null });
  });
});
