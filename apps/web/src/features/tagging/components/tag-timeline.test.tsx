import type { TagEvent } from '@filmroom/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { TagTimeline } from './tag-timeline';

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

/** The timeline with edits that change its events as the server would. */
function EditableTimeline({ initial, spies }: { initial: TagEvent[]; spies: Spies }) {
  const [events, setEvents] = useState(initial);
  return (
    <TagTimeline
      events={events}
      duration={600}
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
  );
}

function renderTimeline(initial: TagEvent[]) {
  const spies = { adjust: vi.fn<Spies['adjust']>(), remove: vi.fn<Spies['remove']>() };
  renderInApp(<EditableTimeline initial={initial} spies={spies} />);
  const user = userEvent.setup({ delay: null });
  const bar = (name: RegExp) => screen.getByRole('button', { name });
  const bars = () => screen.queryAllByTestId('tag-timeline-bar');
  return { spies, user, bar, bars };
}

describe('the tag timeline', () => {
  it('selects with a click, adds with Shift and Ctrl, and deletes the selection with undo', async () => {
    const shots = [event(1, 'Shot', 10), event(2, 'Shot', 40), event(3, 'Rebound', 70)];
    const { spies, user, bar, bars } = renderTimeline(shots);
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
    const { user, bar, bars } = renderTimeline([event(1, 'Shot', 10), event(2, 'Shot', 40)]);
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
    const { spies, user, bar } = renderTimeline([shot]);
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
    const { user, bars } = renderTimeline(many);
    expect(bars()).toHaveLength(1500);
    await user.click(screen.getByRole('button', { name: 'By player' }));
    expect(screen.getByRole('group', { name: /^#23 Jordan: 1000 events/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: /^No player: 500 events/ })).toBeTruthy();
    for (let step = 0; step < 4; step += 1) {
      await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    }
    expect(screen.getByTestId('tag-timeline').getAttribute('data-zoom')).toBe('16');
    // At 16× a 960 px strip shows about 37 s of the 600, plus a little either side.
    expect(bars().length).toBeLessThan(200);
    expect(bars().length).toBeGreaterThan(50);
    // A whole game's bars in one DOM is slow for happy-dom to search, not for a browser.
  }, 60_000);
});
