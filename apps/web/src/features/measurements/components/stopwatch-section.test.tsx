import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StopwatchSection } from './stopwatch-section';

describe('StopwatchSection', () => {
  it('marks the playhead and reads the time between the marks on the real clock', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <StopwatchSection
        stopwatch={{ start: null, end: null, name: 'Stopwatch' }}
        slowMotionFactor={4}
        editable
        readPlayhead={() => 1.2}
        onChange={onChange}
        onSeek={() => undefined}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark start at the playhead' }));
    expect(onChange).toHaveBeenCalledWith({ start: 1.2 });

    rerender(
      <StopwatchSection
        stopwatch={{ start: 1.2, end: 2.2, name: 'Ground contact' }}
        slowMotionFactor={4}
        editable
        readPlayhead={() => 2.2}
        onChange={onChange}
        onSeek={() => undefined}
      />,
    );
    // A second of 4× slow motion is a quarter of a second of life, good to a 120th.
    expect(screen.getByTestId('stopwatch-seconds').textContent).toBe('0.25 s');
    expect(screen.getByText(/1\.00 s of clip ÷ 4× slow motion/)).toBeTruthy();
  });

  it('reads plainly on real-time footage and offers no marks to a viewer', () => {
    render(
      <StopwatchSection
        stopwatch={{ start: 3, end: 2.5, name: 'Time to the top' }}
        slowMotionFactor={null}
        editable={false}
        readPlayhead={() => 0}
        onChange={() => undefined}
        onSeek={() => undefined}
      />,
    );
    expect(screen.getByTestId('stopwatch-seconds').textContent).toBe('0.50 s');
    expect(screen.queryByRole('button', { name: /at the playhead/ })).toBeNull();
  });
});
