import { describe, expect, it } from 'vitest';
import { annotationLabel, annotationSummary } from './annotation-label';

const user = { id: 'u', name: 'Casey Coach', avatarUrl: null };

describe('annotationSummary', () => {
  it('reads the words, else says it is a voice note', () => {
    expect(annotationSummary({ content: '  Keep\n your elbow up ', audioUrl: null })).toBe(
      'Keep your elbow up',
    );
    expect(annotationSummary({ content: '', audioUrl: '/uploads/a.webm' })).toBe(
      'Voice note, not transcribed',
    );
  });

  it('says a wordless note with a drawing is a drawing', () => {
    const drawing = {
      shapes: [
        {
          kind: 'line' as const,
          colour: '#ffffff' as const,
          width: 'thin' as const,
          from: { x: 1, y: 1 },
          to: { x: 9, y: 9 },
        },
      ],
    };
    expect(annotationSummary({ content: ' ', audioUrl: null, drawing })).toBe('Drawing');
    expect(annotationSummary({ content: '', audioUrl: null, drawing: null })).toBe('Annotation');
  });
});

describe('annotationLabel', () => {
  it('names the time, the author and the start of the words', () => {
    expect(
      annotationLabel({ content: 'Great footwork!', audioUrl: null, timestamp: 65.4, user }),
    ).toBe('Annotation at 00:01:05 by Casey Coach: Great footwork!');
    const long = annotationLabel({ content: 'x'.repeat(100), audioUrl: null, timestamp: 0, user });
    expect(long.endsWith(`${'x'.repeat(59)}…`)).toBe(true);
  });
});
