import type { Annotation } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { annotationKind, annotationTimelineMarkers } from './annotation-timeline';

const user = { id: 'u', name: 'Casey Coach', avatarUrl: null };
const base = {
  id: 'n1',
  content: 'Knees out',
  audioUrl: null,
  drawing: null,
  timestamp: 12,
  endTime: null,
  resolvedAt: null,
  sentiment: null,
  user,
} as unknown as Annotation;

describe('annotationKind', () => {
  it('tells drawings, voice notes and words apart', () => {
    expect(annotationKind({ ...base, drawing: { shapes: [] } } as Annotation)).toBe('drawing');
    expect(annotationKind({ ...base, content: ' ', audioUrl: '/uploads/a.webm' })).toBe('voice');
    expect(annotationKind({ ...base, audioUrl: '/uploads/a.webm' })).toBe('text');
    expect(annotationKind(base)).toBe('text');
  });
});

describe('annotationTimelineMarkers', () => {
  it('draws a range as a band and a resolved note faded, and says so', () => {
    const [point, range] = annotationTimelineMarkers(
      [base, { ...base, id: 'n2', endTime: 18.5, resolvedAt: '2026-11-26T18:00:00Z' }],
      () => undefined,
    );
    expect(point).toMatchObject({ seconds: 12, endSeconds: undefined, kind: 'text', muted: false });
    expect(point!.label).toBe('Annotation at 00:00:12 by Casey Coach: Knees out (text note)');
    expect(range).toMatchObject({ endSeconds: 18.5, muted: true });
    expect(range!.label).toMatch(/\(text note, until 00:00:18, resolved\)$/);
  });
});
