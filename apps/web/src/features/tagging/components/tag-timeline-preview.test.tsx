import type { TagEvent } from '@filmroom/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoryboardTile } from '@/lib/storyboard';
import { renderInApp } from '@/testing/render-in-app';
import { reportLayoutToResizeObservers } from '../testing/laid-out-strip';
import { TagTimeline } from './tag-timeline';

reportLayoutToResizeObservers();

// A 10-minute game: the strip is drawn 960 px wide (happy-dom lays nothing out), 1.6 px a second.
const DURATION = 600;
const PX_PER_SECOND = 960 / DURATION;

function shot(start: number): TagEvent {
  return {
    id: `00000000-0000-4000-8000-${String(start).padStart(12, '0')}`,
    videoId: '22222222-2222-4222-8222-222222222222',
    code: 'Shot',
    colour: '#f76b15',
    start,
    end: start + 2,
    leadSeconds: 5,
    lagSeconds: 3,
    labels: [],
    playerId: null,
    playerName: null,
    playerNumber: null,
    period: 'Q1',
    authorName: 'Coach',
    createdAt: '2026-11-27T22:00:00.000Z',
  };
}

/** A storyboard of one tile every 10 s, ten to a row of a 1600 px sheet, as the server writes it. */
const STORYBOARD: StoryboardTile[] = Array.from({ length: DURATION / 10 }, (_, index) => ({
  start: index * 10,
  end: (index + 1) * 10,
  sheet: `https://filmroom.test/uploads/sb/sheet-${Math.floor(index / 50)}.jpg`,
  x: (index % 10) * 160,
  y: Math.floor((index % 50) / 10) * 90,
  width: 160,
  height: 90,
}));

async function renderTimeline(storyboard: StoryboardTile[] | null) {
  renderInApp(
    <TagTimeline
      events={[shot(125), shot(431)]}
      duration={DURATION}
      onPlay={() => {}}
      storyboard={storyboard}
    />,
  );
  await screen.findAllByTestId('tag-timeline-bar');
  const section = screen.getByRole('region', { name: 'Tagged events' });
  const preview = () => within(section).queryByTestId('scrub-preview');
  return { strip: screen.getByTestId('tag-timeline'), preview };
}

/** The mouse over the strip at `seconds` into the film (the strip not scrolled). */
function hover(strip: HTMLElement, seconds: number) {
  fireEvent.pointerMove(strip, { pointerType: 'mouse', clientX: seconds * PX_PER_SECOND });
}

describe('the tag timeline’s storyboard preview', () => {
  it('shows the frame under the mouse with its time, and hides it when the mouse leaves', async () => {
    const { strip, preview } = await renderTimeline(STORYBOARD);
    expect(preview()).toBeNull();
    hover(strip, 254);
    // 4:14 is in the tile of 4:10–4:20: the 26th, on the first sheet's third row.
    expect(preview()!.getAttribute('data-sheet')).toBe(STORYBOARD[25]!.sheet);
    expect(preview()!.getAttribute('data-region')).toBe('800,180,160,90');
    expect(preview()!.textContent).toBe('4:14');
    hover(strip, 551);
    expect(preview()!.getAttribute('data-sheet')).toMatch(/sheet-1\.jpg$/);
    expect(preview()!.getAttribute('data-region')).toBe('800,0,160,90');
    expect(preview()!.textContent).toBe('9:11');
    fireEvent.pointerLeave(strip);
    expect(preview()).toBeNull();
  });

  it('shows a focused bar’s frame at its in point, by keyboard', async () => {
    const { preview } = await renderTimeline(STORYBOARD);
    focus(/^Play Shot at 431\.0s/);
    // 7:11 is in the tile of 7:10–7:20: the 44th, on the first sheet's fifth row.
    expect(preview()!.getAttribute('data-region')).toBe('480,360,160,90');
    expect(preview()!.textContent).toBe('7:11');
    focus(/^Play Shot at 125\.0s/);
    expect(preview()!.textContent).toBe('2:05');
  });

  it('previews a finger only while it drags, not a finger resting', async () => {
    const { strip, preview } = await renderTimeline(STORYBOARD);
    fireEvent.pointerMove(strip, { pointerType: 'touch', buttons: 0, clientX: 100 });
    expect(preview()).toBeNull();
    fireEvent.pointerMove(strip, { pointerType: 'touch', buttons: 1, clientX: 100 });
    expect(preview()!.textContent).toBe(formatted(100 / PX_PER_SECOND));
    fireEvent.pointerUp(strip, { pointerType: 'touch' });
    expect(preview()).toBeNull();
  });

  it('shows no preview when the video has no storyboard', async () => {
    const { strip, preview } = await renderTimeline(null);
    hover(strip, 254);
    expect(preview()).toBeNull();
    focus(/^Play Shot at 431\.0s/);
    expect(preview()).toBeNull();
  });
});

function focus(name: RegExp) {
  act(() => screen.getByRole('button', { name }).focus());
}

function formatted(seconds: number) {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
