import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { DrawingCanvas } from './drawing-canvas';
import { DrawingToolbar } from './drawing-toolbar';
import { useDrawingEditor, useDrawingShortcuts } from './use-drawing-editor';

const PICTURE = { x: 0, y: 0, width: 400, height: 300 };

/** The toolbar and the surface sharing one editor, with its shortcuts, as a new note has them. */
function DrawingOnPicture() {
  const editor = useDrawingEditor();
  useDrawingShortcuts(editor, true, 'page');
  return (
    <>
      <DrawingToolbar editor={editor} />
      <DrawingCanvas editor={editor} picture={PICTURE} />
    </>
  );
}

function renderDrawing() {
  renderInApp(<DrawingOnPicture />);
  const canvas = screen.getByTestId('drawing-canvas');
  // happy-dom lays nothing out: the surface is given the picture's box, as a browser would.
  canvas.getBoundingClientRect = () => DOMRect.fromRect(PICTURE);
  const user = userEvent.setup({ delay: null });
  /** A press at `from` dragged to `to` (pixels on the picture), as a mouse makes it. */
  const drag = (from: [number, number], to: [number, number]) =>
    user.pointer([
      { keys: '[MouseLeft>]', target: canvas, coords: { clientX: from[0], clientY: from[1] } },
      {
        target: canvas,
        coords: { clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2 },
      },
      { target: canvas, coords: { clientX: to[0], clientY: to[1] } },
      { keys: '[/MouseLeft]', target: canvas, coords: { clientX: to[0], clientY: to[1] } },
    ]);
  const shapes = () =>
    screen.queryAllByTestId('drawing-shape').map((shape) => shape.getAttribute('data-kind'));
  const count = () => screen.getByTestId('drawing-shape-count').textContent;
  return { canvas, user, drag, shapes, count };
}

const tool = (name: string) => screen.getByRole('button', { name });

describe('the drawing tools', () => {
  it('draws with the tool in hand, and ignores a press that is no drag', async () => {
    const { user, drag, shapes, count } = renderDrawing();
    expect(tool('Arrow').getAttribute('aria-pressed')).toBe('true');
    await drag([40, 40], [200, 150]);
    await user.click(tool('Circle'));
    await drag([100, 100], [300, 200]);
    await user.click(tool('Rectangle'));
    await drag([50, 200], [150, 280]);
    // A press in place is a slip of the hand, not a shape.
    await drag([10, 10], [10, 10]);

    expect(shapes()).toEqual(['arrow', 'ellipse', 'rectangle']);
    expect(count()).toBe('3 shapes');
  });

  it('undoes and redoes, and clears', async () => {
    const { user, drag, shapes } = renderDrawing();
    expect((tool('Undo') as HTMLButtonElement).disabled).toBe(true);
    await drag([40, 40], [200, 150]);
    await drag([60, 200], [300, 100]);

    await user.click(tool('Undo'));
    expect(shapes()).toHaveLength(1);
    await user.click(tool('Redo'));
    expect(shapes()).toHaveLength(2);
    await user.click(tool('Clear all'));
    expect(shapes()).toEqual([]);
    expect((tool('Clear all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('places a text label where pressed, typed and ended with Enter', async () => {
    const { user, canvas, shapes } = renderDrawing();
    await user.click(tool('Text label'));
    await user.pointer({
      keys: '[MouseLeft]',
      target: canvas,
      coords: { clientX: 120, clientY: 90 },
    });

    const field = screen.getByRole('textbox', { name: 'Label text (Enter places it)' });
    expect(document.activeElement).toBe(field);
    await user.keyboard('Knees out{Enter}');

    expect(shapes()).toEqual(['text']);
    expect(canvas.textContent).toContain('Knees out');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('selects a shape to recolour or delete it', async () => {
    const { user, canvas, drag, shapes } = renderDrawing();
    await drag([100, 150], [300, 150]);
    const stroke = () => canvas.querySelector('[data-kind="arrow"] line')?.getAttribute('stroke');
    const drawnIn = stroke();

    await user.click(tool('Select and move'));
    expect((tool('Delete shape') as HTMLButtonElement).disabled).toBe(true);
    await user.pointer({
      keys: '[MouseLeft]',
      target: canvas,
      coords: { clientX: 200, clientY: 150 },
    });
    expect((tool('Delete shape') as HTMLButtonElement).disabled).toBe(false);

    const other = screen
      .getAllByRole('button')
      .find(
        (button) =>
          button.closest('[role="group"]')?.getAttribute('aria-label') === 'Colour' &&
          button.getAttribute('aria-pressed') === 'false',
      )!;
    await user.click(other);
    expect(stroke()).not.toBe(drawnIn);

    await user.click(tool('Delete shape'));
    expect(shapes()).toEqual([]);
  });

  it('takes its tools and undo from the keyboard', async () => {
    const { user, drag, shapes } = renderDrawing();
    await user.keyboard('e');
    expect(tool('Circle').getAttribute('aria-pressed')).toBe('true');
    await drag([100, 100], [300, 200]);
    await user.keyboard('p');
    await drag([20, 20], [120, 80]);
    expect(shapes()).toEqual(['ellipse', 'pen']);

    await user.keyboard('{Control>}z{/Control}');
    expect(shapes()).toEqual(['ellipse']);
  });
});
