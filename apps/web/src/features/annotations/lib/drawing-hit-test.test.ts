import type { DrawingShape } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { hitTest } from './drawing-hit-test';

const picture = { width: 1000, height: 500 };
const style = { colour: '#ff3b30', width: 'thin' } as const;

const line: DrawingShape = { kind: 'line', ...style, from: { x: 10, y: 10 }, to: { x: 50, y: 10 } };
const box: DrawingShape = {
  kind: 'rectangle',
  ...style,
  from: { x: 20, y: 20 },
  to: { x: 60, y: 60 },
};
const spotlight: DrawingShape = {
  kind: 'spotlight',
  ...style,
  from: { x: 70, y: 60 },
  to: { x: 90, y: 90 },
};

describe('hitTest', () => {
  it('picks a line within a fingertip of it, not further', () => {
    expect(hitTest([line], { x: 30, y: 11 }, picture)).toBe(0); // 5 px away
    expect(hitTest([line], { x: 30, y: 14 }, picture)).toBeNull(); // 20 px away
  });

  it('picks a box by its outline, not its empty middle', () => {
    expect(hitTest([box], { x: 20.5, y: 40 }, picture)).toBe(0);
    expect(hitTest([box], { x: 40, y: 40 }, picture)).toBeNull();
  });

  it('picks a spotlight anywhere inside it', () => {
    expect(hitTest([spotlight], { x: 80, y: 75 }, picture)).toBe(0);
  });

  it('prefers the shape drawn last when two overlap', () => {
    const over: DrawingShape = { ...line, from: { x: 10, y: 10.5 }, to: { x: 50, y: 10.5 } };
    expect(hitTest([line, over], { x: 30, y: 10 }, picture)).toBe(1);
  });
});
