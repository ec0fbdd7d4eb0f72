import type { TagEvent } from '@filmroom/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo, useState, type ComponentProps, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { reportLayoutToResizeObservers } from '../testing/laid-out-strip';
import { TagTimeline } from './tag-timeline';
import type * as RowModule from './tag-timeline-row';

// Counts how often a timeline row renders its bars, to show a playhead tick renders none.
const rowRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./tag-timeline-row', async (importOriginal) => {
  const original = await importOriginal<typeof RowModule>();
  type Props = ComponentProps<typeof original.TagTimelineRow>;
  // The memoised row's own function, called inside a counting memoised row.
  const render = (original.TagTimelineRow as unknown as { type: (props: Props) => ReactNode }).type;
  const Counted = memo((props: Props) => {
    rowRenders.count += 1;
    return render(props);
  });
  return { ...original, TagTimelineRow: Counted };
});

reportLayoutToResizeObservers();

const JORDAN = '11111111-1111-4111-8111-111111111111';

function event(id: number, code: string, start: number, playerNumber: number | null = null) {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    videoId: '22222222-2222-4222-8222-222222222222',
    code,
    colour: code === 'Shot' ? '#f76b15' : '#30a46c',
    start,
    end: start + 2,
    leadSeconds: 5,
    lagSeconds: 3,
    labels: [],
    playerId: playerNumber === null ? null : JORDAN,
    playerName: playerNumber === null ? null : 'Jordan',
    playerNumber,
    period: 'Q1',
    authorName: 'Coach',
    createdAt: '2026-11-27T22:00:00.000Z',
  } satisfies TagEvent;
}

type Spies = {
  adjust: (id: string, range: { start: number; end: number }) => void;
  remove: (ids: string[]) => void;
};

/**
 * The timeline with edits that change its events as the server would, and a button that moves
 * the playhead a frame on.
 */
function EditableTimeline({
  initial,
  spies,
  duration,
}: {
  initial: TagEvent[];
  spies: Spies;
  duration: number;
}) {
  const [events, setEvents] = useState(initial);
  const [currentTime, setCurrentTime] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setCurrentTime((time) => time + 0.04)}>
        Next frame
      </button>
      <TagTimeline
        events={events}
        duration={duration}
        currentTime={currentTime}
        onPlay={() => {}}
        edits={{
          onAdjust: (changed, range) => {
            spies.adjust(changed.id, range);
            setEvents((all) =>
              all.map((one) => (one.id === changed.id ? { ...one, ...range } : one)),
            );
          },
          onDelete: (gone) => {
            spies.remove(gone.map((one) => one.id));
            setEvents((all) => all.filter((one) => !gone.includes(one)));
          },
          onRestore: (back) => setEvents((all) => [...all, ...back]),
        }}
      />
    </>
  );
}

/** The timeline, once its strip has been measured and its bars drawn. */
async function renderTimeline(initial: TagEvent[], duration = 600) {
  const spies = { adjust: vi.fn<Spies['adjust']>(), remove: vi.fn<Spies['remove']>() };
  renderInApp(<EditableTimeline initial={initial} spies={spies} duration={duration} />);
  await screen.findAllByTestId(/^tag-timeline-(bar|cluster)$/);
  const user = userEvent.setup({ delay: null });
  const bar = (name: RegExp) => screen.getByRole('button', { name });
  const bars = () => screen.queryAllByTestId('tag-timeline-bar');
  const clusters = () => screen.queryAllByTestId('tag-timeline-cluster');
  return { spies, user, bar, bars, clusters };
}

/** A 90-minute game of 1,500 events over six types, as the bench has it. */
function wholeGame() {
  const codes = ['Shot', 'Rebound', 'Turnover', 'Assist', 'Foul', 'Steal'];
  return Array.from({ length: 1500 }, (_, index) =>
    event(index + 1, codes[index % codes.length]!, (index * 5400) / 1500),
  );
}

/** How many events the drawn bars and clusters stand for together. */
function eventsDrawn(bars: HTMLElement[], clusters: HTMLElement[]) {
  const inClusters = clusters.map((cluster) =>
    Number(/^Zoom in to (\d+) /.exec(cluster.getAttribute('aria-label')!)![1]),
  );
  return bars.length + inClusters.reduce((sum, count) => sum + count, 0);
}

describe('the tag timeline', () => {
  it('selects with a click, adds with Shift and Ctrl, and deletes the selection with undo', async () => {
    const shots = [event(1, 'Shot', 10), event(2, 'Shot', 40), event(3, 'Rebound', 70)];
    const { spies, user, bar, bars } = await renderTimeline(shots);
    await user.click(bar(/Shot at 10\.0s/));
    await user.keyboard('{Shift>}');
    await user.click(bar(/Shot at 40\.0s/));
    await user.keyboard('{/Shift}{Control>}');
    await user.click(bar(/Rebound at 70\.0s/));
    // Ctrl-click again takes it back out of the selection.
    await user.click(bar(/Rebound at 70\.0s/));
    await user.keyboard('{/Control}');
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.keyboard('{Delete}');
    expect(spies.remove).toHaveBeenCalledWith([shots[0]!.id, shots[1]!.id]);
    expect(bars()).toHaveLength(1);
    expect(screen.getByText('Deleted 2 events.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(bars()).toHaveLength(3);
  });

  it('a plain click selects one bar only, and Ctrl+Z in the timeline undoes a delete', async () => {
    const { user, bar, bars } = await renderTimeline([event(1, 'Shot', 10), event(2, 'Shot', 40)]);
    await user.click(bar(/Shot at 10\.0s/));
    await user.click(bar(/Shot at 40\.0s/));
    expect(screen.getByText(/^1 selected/)).toBeTruthy();
    await user.keyboard('{Backspace}');
    expect(bars()).toHaveLength(1);
    // The strip keeps the focus the deleted bar had, so Ctrl+Z reaches it.
    expect(document.activeElement).toBe(screen.getByTestId('tag-timeline'));
    await user.keyboard('{Control>}z{/Control}');
    expect(bars()).toHaveLength(2);
  });

  it('nudges the chosen edge with [ and ], ten times as far with Shift', async () => {
    const shot = event(1, 'Shot', 10);
    const { spies, user, bar } = await renderTimeline([shot]);
    await user.click(bar(/Shot at 10\.0s/));
    // The out point is chosen first.
    await user.keyboard(']');
    expect(spies.adjust).toHaveBeenLastCalledWith(shot.id, { start: 10, end: 12.1 });
    await user.click(screen.getByRole('button', { name: /In point of Shot/ }));
    // user-event writes a literal [ as [[.
    await user.keyboard('{Shift>}[[{/Shift}');
    expect(spies.adjust).toHaveBeenLastCalledWith(shot.id, { start: 9, end: 12.1 });
    // The in point never passes the out point.
    for (let press = 0; press < 5; press += 1) await user.keyboard(']');
    await user.keyboard('{Shift>}]]]]]{/Shift}');
    expect(spies.adjust).toHaveBeenLastCalledWith(shot.id, { start: 12.1, end: 12.1 });
  });

  it('rows by player on demand, and draws only the bars in view when zoomed in', async () => {
    const many = Array.from({ length: 1500 }, (_, index) =>
      event(index + 1, index % 2 ? 'Shot' : 'Rebound', (index * 600) / 1500, index % 3 ? 23 : null),
    );
    const { user, bars } = await renderTimeline(many);
    await user.click(screen.getByRole('button', { name: 'By player' }));
    expect(screen.getByRole('toolbar', { name: /^#23 Jordan: 1000 events/ })).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: /^No player: 500 events/ })).toBeTruthy();
    for (let step = 0; step < 4; step += 1) {
      await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    }
    expect(screen.getByTestId('tag-timeline').getAttribute('data-zoom')).toBe('16');
    // At 16× a 960 px strip shows about 37 s of the 600, plus a little either side.
    expect(bars().length).toBeLessThan(200);
    expect(bars().length).toBeGreaterThan(50);
    // A whole game's bars in one DOM is slow for happy-dom to search, not for a browser.
  }, 60_000);

  it('draws a whole game of 1,500 events at 1× as a few clusters that stand for all of them', async () => {
    const { bars, clusters } = await renderTimeline(wholeGame(), 5400);
    // Six rows of 250 events, each row a stretch of 960 px: a cluster every 48 px or so.
    expect(bars().length + clusters().length).toBeLessThanOrEqual(150);
    expect(clusters().length).toBeGreaterThan(0);
    expect(eventsDrawn(bars(), clusters())).toBe(1500);
    expect(clusters()[0]!.getAttribute('aria-label')).toMatch(
      /^Zoom in to \d+ Shot events, 0:00–\d:\d\d$/,
    );
    // The count in dark ink on the orange, where white fell under 4.5:1.
    expect(clusters()[0]!.className).toContain('text-black');
  });

  it('opens a cluster with Enter: zoomed in to its events, the first one focused', async () => {
    const { user, bars, clusters } = await renderTimeline(wholeGame(), 5400);
    const cluster = clusters()[0]!;
    const count = Number(/^Zoom in to (\d+) /.exec(cluster.getAttribute('aria-label')!)![1]);
    cluster.focus();
    await user.keyboard('{Enter}');
    expect(Number(screen.getByTestId('tag-timeline').getAttribute('data-zoom'))).toBeGreaterThan(1);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Play Shot at 0.0s, Q1');
    // Every event of the cluster is now a bar of its own.
    const shots = bars().filter((bar) => /^Play Shot at/.test(bar.getAttribute('aria-label')!));
    expect(shots.length).toBeGreaterThanOrEqual(count);
  });

  it('draws every event as its own bar at the deepest zoom, however close', async () => {
    const close = Array.from({ length: 20 }, (_, index) =>
      event(index + 1, 'Shot', 1 + index * 0.05),
    );
    const { user, bars, clusters } = await renderTimeline(close);
    expect(clusters()).toHaveLength(1);
    for (let step = 0; step < 6; step += 1) {
      await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    }
    expect(screen.getByTestId('tag-timeline').getAttribute('data-zoom')).toBe('64');
    // Back to the start of the film, where the events are.
    const strip = screen.getByTestId('tag-timeline');
    strip.scrollLeft = 0;
    fireEvent.scroll(strip);
    expect(clusters()).toHaveLength(0);
    expect(bars()).toHaveLength(20);
  });

  it('moves the playhead without rendering a row of bars again', async () => {
    const { user } = await renderTimeline(wholeGame(), 5400);
    const playhead = screen.getByTestId('tag-timeline-playhead');
    const rendered = rowRenders.count;
    for (let frame = 0; frame < 10; frame += 1) {
      await user.click(screen.getByRole('button', { name: 'Next frame' }));
    }
    expect(playhead.style.left).not.toBe('0px');
    expect(rowRenders.count).toBe(rendered);
  });

  it('scrolls a little without rendering a row again, and draws further bars further on', async () => {
    const { user } = await renderTimeline(wholeGame(), 5400);
    for (let step = 0; step < 4; step += 1) {
      await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    }
    const strip = screen.getByTestId('tag-timeline');
    const scrollTo = (left: number) => {
      strip.scrollLeft = left;
      fireEvent.scroll(strip);
    };
    scrollTo(0);
    const rendered = rowRenders.count;
    const firstBar = () => screen.getAllByTestId('tag-timeline-bar')[0]!.getAttribute('aria-label');
    const first = firstBar();
    scrollTo(40);
    scrollTo(80);
    expect(rowRenders.count).toBe(rendered);
    scrollTo(3000);
    expect(rowRenders.count).toBeGreaterThan(rendered);
    expect(firstBar()).not.toBe(first);
  });

  it('draws the bars in the render the events arrive with: the strip was measured as it waited', async () => {
    function Arriving() {
      const [events, setEvents] = useState<TagEvent[]>([]);
      return (
        <>
          <button
            type="button"
            onClick={() =>
              setEvents(
                wholeGame()
                  .slice(0, 60)
                  .map((one, index) => ({ ...one, start: index * 90 })),
              )
            }
          >
            Answer
          </button>
          <TagTimeline events={events} duration={5400} onPlay={() => {}} />
        </>
      );
    }
    renderInApp(<Arriving />);
    // The strip's place reports its width while there is nothing to draw.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const rendered = rowRenders.count;
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    // At once, with no report from the strip awaited: each of the six rows rendered once.
    expect(screen.queryAllByTestId('tag-timeline-bar')).toHaveLength(60);
    expect(rowRenders.count - rendered).toBe(6);
  });

  describe('the keyboard', () => {
    /** Shots at 10, 40 and 300 s with Jordan, rebounds at 35 and 200 s: two rows at 1×. */
    async function twoRows() {
      const drawn = await renderTimeline([
        event(1, 'Shot', 10, 23),
        event(2, 'Shot', 40, 23),
        event(3, 'Shot', 300, 23),
        event(4, 'Rebound', 35),
        event(5, 'Rebound', 200),
      ]);
      const shot = (seconds: number) => drawn.bar(new RegExp(`^Play Shot at ${seconds}\\.0s,`));
      const rebound = (seconds: number) =>
        drawn.bar(new RegExp(`^Play Rebound at ${seconds}\\.0s,`));
      return { ...drawn, shot, rebound };
    }

    it('is one Tab stop: the first bar, then the bar last focused', async () => {
      const { user, bars, shot } = await twoRows();
      expect(bars().filter((bar) => bar.tabIndex === 0)).toEqual([shot(10)]);
      screen.getByRole('button', { name: 'Zoom in' }).focus();
      await user.tab();
      expect(document.activeElement).toBe(shot(10));
      // Tab leaves the timeline, not for the next bar.
      await user.tab();
      expect(bars()).not.toContain(document.activeElement);
      act(() => shot(40).focus());
      await user.tab();
      await user.tab({ shift: true });
      expect(document.activeElement).toBe(shot(40));
      expect(bars().filter((bar) => bar.tabIndex === 0)).toEqual([shot(40)]);
    });

    it('names its rows, and each bar by its code, player and time', async () => {
      const { shot } = await twoRows();
      expect(screen.getByRole('toolbar', { name: 'Shot: 3 events' })).toBeTruthy();
      expect(screen.getByRole('toolbar', { name: 'Rebound: 2 events' })).toBeTruthy();
      expect(shot(40).getAttribute('aria-label')).toBe('Play Shot at 40.0s, #23 Jordan, Q1');
    });

    it('ArrowDown and ArrowUp go to the bar nearest in time on the next row', async () => {
      const { user, shot, rebound } = await twoRows();
      act(() => shot(40).focus());
      await user.keyboard('{ArrowDown}');
      expect(document.activeElement).toBe(rebound(35));
      // There is no row below: the focus stays.
      await user.keyboard('{ArrowDown}');
      expect(document.activeElement).toBe(rebound(35));
      act(() => rebound(200).focus());
      await user.keyboard('{ArrowUp}');
      expect(document.activeElement).toBe(shot(300));
      await user.keyboard('{ArrowUp}');
      expect(document.activeElement).toBe(shot(300));
    });

    it('Home and End go to the first and last bar of the row', async () => {
      const { user, shot } = await twoRows();
      act(() => shot(40).focus());
      await user.keyboard('{End}');
      expect(document.activeElement).toBe(shot(300));
      await user.keyboard('{Home}');
      expect(document.activeElement).toBe(shot(10));
    });

    it('ArrowLeft and ArrowRight go along the row', async () => {
      const { user, shot } = await twoRows();
      act(() => shot(10).focus());
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(document.activeElement).toBe(shot(300));
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(shot(300));
      await user.keyboard('{ArrowLeft}');
      expect(document.activeElement).toBe(shot(40));
    });
  });

  describe('the drawn window', () => {
    /** Shots every 10 s of a 10-minute film, zoomed to 16× and scrolled to its start. */
    async function zoomedRow(starts: number[]) {
      const drawn = await renderTimeline(
        starts.map((start, index) => event(index + 1, 'Shot', start)),
      );
      for (let step = 0; step < 4; step += 1) {
        await drawn.user.click(screen.getByRole('button', { name: 'Zoom in' }));
      }
      const strip = screen.getByTestId('tag-timeline');
      const scrollTo = (left: number) => {
        act(() => {
          strip.scrollLeft = left;
          fireEvent.scroll(strip);
        });
      };
      scrollTo(0);
      const shot = (seconds: number) =>
        screen.queryByRole('button', { name: `Play Shot at ${seconds.toFixed(1)}s, Q1` });
      return { ...drawn, strip, scrollTo, shot };
    }

    it('leaves the bars outside the window out of the page, but keeps the focused one', async () => {
      const everyTenSeconds = Array.from({ length: 59 }, (_, index) => 10 + index * 10);
      const { strip, scrollTo, shot } = await zoomedRow(everyTenSeconds);
      // At 16× a 960 px strip is 25.6 px a second: 0–37 s in view, and 8 s either side drawn.
      expect(shot(10)).not.toBeNull();
      expect(shot(40)).not.toBeNull();
      expect(shot(100)).toBeNull();
      expect(shot(590)).toBeNull();
      act(() => shot(10)!.focus());
      scrollTo(10_000);
      // The focused bar stays (with the focus), its neighbours went, and the bars here came.
      expect(document.activeElement).toBe(shot(10));
      expect(shot(20)).toBeNull();
      expect(shot(400)).not.toBeNull();
      expect(strip.querySelectorAll('[data-testid="tag-timeline-bar"]').length).toBeLessThan(10);
    });

    it('arrows to the next bar off-screen: scrolled into view and focused, and back', async () => {
      const { user, strip, shot } = await zoomedRow([10, 20, 300]);
      expect(shot(300)).toBeNull();
      act(() => shot(10)!.focus());
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(shot(20));
      expect(strip.scrollLeft).toBe(0);
      await user.keyboard('{ArrowRight}');
      // 300 s is 7,680 px in: scrolled so it sits a third of the way across.
      await waitFor(() => expect(document.activeElement).toBe(shot(300)));
      expect(strip.scrollLeft).toBe(7680 - 320);
      expect(shot(10)).toBeNull();
      await user.keyboard('{ArrowLeft}');
      await waitFor(() => expect(document.activeElement).toBe(shot(20)));
      expect(strip.scrollLeft).toBe(512 - 320);
      // The row's first bar: the arrow goes no further, and the focus stays.
      await user.keyboard('{ArrowLeft}');
      await user.keyboard('{ArrowLeft}');
      expect(document.activeElement).toBe(shot(10));
    });

    it('End reaches the row’s last bar off-screen, and Home its first', async () => {
      const { user, strip, shot } = await zoomedRow([10, 20, 300]);
      act(() => shot(20)!.focus());
      await user.keyboard('{End}');
      await waitFor(() => expect(document.activeElement).toBe(shot(300)));
      expect(strip.scrollLeft).toBe(7680 - 320);
      await user.keyboard('{Home}');
      await waitFor(() => expect(document.activeElement).toBe(shot(10)));
      expect(strip.scrollLeft).toBe(0);
    });

    it('renders each row once for a zoom step, scrolled to the zoomed place in that render', async () => {
      const { user } = await renderTimeline(wholeGame(), 5400);
      const rendered = rowRenders.count;
      await user.click(screen.getByRole('button', { name: 'Zoom in' }));
      // The film's middle stays under the strip's: 2,700 s at 2× is 960 px in, so 480 px scrolled.
      await waitFor(() => expect(screen.getByTestId('tag-timeline').scrollLeft).toBe(480));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Six rows (one per event type), each rendered once.
      expect(rowRenders.count - rendered).toBe(6);
    });
  });
});
