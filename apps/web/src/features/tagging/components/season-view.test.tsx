import {
  tagSeasonEventsSchema,
  tagStatsSchema,
  type TagEvent,
  type TagSeasonEvents,
  type TagStats,
} from '@filmroom/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { withApiServer } from '@/testing/api-server';
import { renderInApp } from '@/testing/render-in-app';
import { SeasonView } from './season-view';

const api = withApiServer();
const FIRST = '7a000000-0000-4000-8000-000000000001';
const SECOND = '7a000000-0000-4000-8000-000000000002';
const JORDAN = '7a000000-0000-4000-8000-0000000000aa';
const TEMPLATE = '7a000000-0000-4000-8000-0000000000f0';
const STATS_PATH = `/api/tagging/stats?videoIds=${FIRST}%2C${SECOND}&by=player&templateId=${TEMPLATE}`;

const template = {
  id: TEMPLATE,
  name: 'Basketball',
  sport: 'Basketball',
  buttons: [],
  labelGroups: [],
  periods: ['Q1', 'Q2'],
  ratios: [],
  teamId: null,
  mine: true,
  ownerName: 'Coach',
  updatedAt: '2026-11-28T00:00:00.000Z',
};

// Parsed by the contract, so a reply the server could not give fails here first.
const seasonStats: TagStats = tagStatsSchema.parse({
  by: 'player',
  columns: [
    { key: JORDAN, title: '#23 Jordan' },
    { key: 'none', title: 'No player' },
  ],
  rows: [
    {
      code: 'Shot',
      colour: '#f76b15',
      total: 5,
      cells: [
        { column: JORDAN, count: 4 },
        { column: 'none', count: 1 },
      ],
    },
  ],
  total: 5,
  ratios: [
    {
      name: 'FG%',
      total: { made: 3, attempted: 5, percentage: 60 },
      cells: [{ column: JORDAN, made: 3, attempted: 4, percentage: 75 }],
    },
  ],
  videoIds: [FIRST, SECOND],
});

function shot(videoId: string, id: number, start: number): TagEvent {
  return {
    id: `7a000000-0000-4000-8000-00000000010${id}`,
    videoId,
    code: 'Shot',
    colour: '#f76b15',
    start,
    end: start,
    leadSeconds: 5,
    lagSeconds: 3,
    labels: [{ group: 'Result', text: 'Made' }],
    playerId: JORDAN,
    playerName: 'Jordan',
    playerNumber: 23,
    period: 'Q1',
    authorName: 'Coach',
    createdAt: '2026-11-28T00:00:00.000Z',
  };
}

/** The view as its page has it: the games are its state, the picker offers two. */
function Season({ initial }: { initial: string[] }) {
  const [videoIds, setVideoIds] = useState(initial);
  return (
    <SeasonView
      videoIds={videoIds}
      onVideoIdsChange={setVideoIds}
      renderPicker={({ picked, onToggle }) => (
        <div>
          {[FIRST, SECOND].map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={picked.has(id)}
              onClick={() => onToggle(id)}
            >
              Pick {id === FIRST ? 'Game 1' : 'Game 2'}
            </button>
          ))}
        </div>
      )}
    />
  );
}

function answerGamesAndTemplates() {
  api.json(`/api/videos/${FIRST}`, 200, { id: FIRST, title: 'Game 1 vs Lakers' });
  api.json(`/api/videos/${SECOND}`, 200, { id: SECOND, title: 'Game 2 at Bulls' });
  api.json('/api/tagging/templates', 200, { templates: [template], readyMade: [] });
}

function answerJordansShots() {
  const opened: TagSeasonEvents = tagSeasonEventsSchema.parse({
    events: [shot(FIRST, 1, 12), shot(FIRST, 2, 80), shot(SECOND, 3, 30)],
    total: 3,
  });
  api.json(
    `/api/tagging/events?videoIds=${FIRST}%2C${SECOND}&code=Shot&playerId=${JORDAN}`,
    200,
    opened,
  );
}

describe('the season view', () => {
  it('asks for games first, then counts the ones picked', async () => {
    answerGamesAndTemplates();
    api.json(STATS_PATH, 200, seasonStats);
    renderInApp(<Season initial={[]} />);

    expect(screen.getByRole('heading', { name: 'Pick the games to count' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pick Game 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pick Game 2' }));

    expect(await screen.findByRole('heading', { name: 'Counts across 2 games' })).toBeTruthy();
    const games = screen.getByRole('list', { name: 'Games counted' });
    expect(await within(games).findByText('Game 2 at Bulls')).toBeTruthy();
    await screen.findByTestId('tag-matrix');
  });

  it('shows made / attempted and the share per player, and opens a cell game by game', async () => {
    answerGamesAndTemplates();
    api.json(STATS_PATH, 200, seasonStats);
    const opened: TagSeasonEvents = tagSeasonEventsSchema.parse({
      events: [shot(FIRST, 1, 12), shot(FIRST, 2, 80), shot(SECOND, 3, 30), shot(SECOND, 4, 95)],
      total: 4,
    });
    const asked: string[] = [];
    api.answer(
      `/api/tagging/events?videoIds=${FIRST}%2C${SECOND}&code=Shot&playerId=${JORDAN}`,
      (request, response) => {
        asked.push(request.url!);
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(opened));
      },
    );
    renderInApp(<Season initial={[FIRST, SECOND]} />);

    const matrix = await screen.findByTestId('tag-matrix');
    const ratio = within(matrix).getByRole('row', { name: /FG%/ });
    expect(ratio.textContent).toContain('3/4');
    expect(ratio.textContent).toContain('75%');
    expect(ratio.textContent).toContain('3/5');

    await userEvent.click(
      within(matrix).getByRole('button', { name: '4 Shot, #23 Jordan: show events' }),
    );
    const game1 = await screen.findByRole('region', { name: 'Game 1 vs Lakers' });
    expect(within(game1).getAllByRole('listitem')).toHaveLength(2);
    const game2 = screen.getByRole('region', { name: 'Game 2 at Bulls' });
    expect(
      within(game2)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Shot at 30.0s, #23 Jordan, Result: Made, Q1',
      'Shot at 95.0s, #23 Jordan, Result: Made, Q1',
    ]);
    expect(asked).toHaveLength(1);
  });

  it('makes one playlist of the whole cell across its games', async () => {
    answerGamesAndTemplates();
    api.json(STATS_PATH, 200, seasonStats);
    answerJordansShots();
    const PLAYLIST = '7a000000-0000-4000-8000-0000000000cc';
    const sent = api.record('/api/tagging/playlist', 201, { playlistId: PLAYLIST, clipCount: 3 });
    renderInApp(<Season initial={[FIRST, SECOND]} />);

    const matrix = await screen.findByTestId('tag-matrix');
    await userEvent.click(
      within(matrix).getByRole('button', { name: '4 Shot, #23 Jordan: show events' }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make one playlist of all 3 events' }),
    );
    const open = await screen.findByRole('link', { name: 'Open the playlist of all 3 events' });
    expect(open.getAttribute('href')).toBe(`/playlists/${PLAYLIST}`);
    // The games in the order the season lists them, with the cell's filter: one request.
    expect(sent).toEqual([
      {
        title: expect.stringContaining('– 2 games'),
        videoIds: [FIRST, SECOND],
        filter: { code: 'Shot', playerId: JORDAN },
      },
    ]);
    // Each game still makes its own.
    const game1 = screen.getByRole('region', { name: 'Game 1 vs Lakers' });
    expect(within(game1).getByRole('button', { name: 'Make playlist' })).toBeTruthy();
  });

  it('says which game refused the playlist of a whole cell', async () => {
    answerGamesAndTemplates();
    api.json(STATS_PATH, 200, seasonStats);
    answerJordansShots();
    api.record('/api/tagging/playlist', 404, { message: `Video ${SECOND}: Video not found` });
    renderInApp(
      <>
        <Season initial={[FIRST, SECOND]} />
        <Toaster />
      </>,
    );

    const matrix = await screen.findByTestId('tag-matrix');
    await userEvent.click(
      within(matrix).getByRole('button', { name: '4 Shot, #23 Jordan: show events' }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make one playlist of all 3 events' }),
    );
    expect(await screen.findByText(new RegExp(`Video ${SECOND}: Video not found`))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make one playlist of all 3 events' })).toBeTruthy();
  });

  it('says so when nothing is tagged, and offers a retry when the counts fail', async () => {
    answerGamesAndTemplates();
    let failing = true;
    api.answer(STATS_PATH, (_request, response) => {
      const [status, body] = failing
        ? [500, { message: 'The database is away' }]
        : [200, { ...seasonStats, columns: [], rows: [], total: 0, ratios: [] }];
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    renderInApp(<Season initial={[FIRST, SECOND]} />);

    expect(screen.getByRole('status').textContent).toBe('Counting the games…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The counts couldn't load");
    // A server failure is said plainly, without the server's own words.
    expect(alert.textContent).toContain('500: Internal Server Error');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(screen.getByText(/Nothing is tagged in these games yet/)).toBeTruthy(),
    );
  });
});
