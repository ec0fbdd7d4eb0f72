import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BIG_NUDGE_PERCENT, NUDGE_PERCENT } from '../lib/keyboard-nudge';
import { PlaneCorners } from './plane-corners';

const CORNERS = [
  { x: 35, y: 40 },
  { x: 62, y: 40 },
  { x: 72, y: 75 },
  { x: 25, y: 75 },
];
const toPixels = (p: { x: number; y: number }) => ({ x: p.x * 6.4, y: p.y * 3.6 });

function renderCorners(movable: boolean, problem: string | null = null) {
  const onMove = vi.fn();
  render(
    <svg>
      <PlaneCorners
        corners={CORNERS}
        toPixels={toPixels}
        toPercent={() => ({ x: 0, y: 0 })}
        movable={movable}
        problem={problem}
        onMove={onMove}
      />
    </svg>,
  );
  return onMove;
}

describe('PlaneCorners', () => {
  it('moves a focused corner with the arrow keys, further with Shift', () => {
    const onMove = renderCorners(true);
    const third = screen.getByRole('button', { name: /^Corner 3 of the rectangle/ });
    fireEvent.keyDown(third, { key: 'ArrowLeft' });
    expect(onMove).toHaveBeenLastCalledWith(2, { x: 72 - NUDGE_PERCENT, y: 75 });
    fireEvent.keyDown(third, { key: 'ArrowUp', shiftKey: true });
    expect(onMove).toHaveBeenLastCalledWith(2, { x: 72, y: 75 - BIG_NUDGE_PERCENT });
    fireEvent.keyDown(third, { key: 'a' });
    expect(onMove).toHaveBeenCalledTimes(2);
  });

  it('draws the quad with numbered corners; a viewer cannot move them', () => {
    renderCorners(false);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('plane-corner-4').textContent).toBe('4');
    const outline = screen.getByTestId('plane-quad').querySelectorAll('polygon');
    expect(outline).toHaveLength(2);
    expect(outline[1]!.getAttribute('stroke')).toBe('#ffd60a');
  });

  it('turns the outline red while the corners are no rectangle', () => {
    renderCorners(true, 'the corners are marked crosswise');
    const outline = screen.getByTestId('plane-quad').querySelectorAll('polygon');
    expect(outline[1]!.getAttribute('stroke')).toBe('#ff453a');
  });
});
