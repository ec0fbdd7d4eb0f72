import {
  tagEventSchema,
  tagTemplateSchema,
  type TagEvent,
  type TagPlayer,
  type TagTemplate,
} from '@filmroom/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withApiServer } from '@/testing/api-server';
import { renderInApp } from '@/testing/render-in-app';
import { useTagPlayers } from '../api/tag-players';
import { CodeWindow } from './code-window';
import { useTagSession } from './use-tag-session';

const api = withApiServer();
const VIDEO = '3c000000-0000-4000-8000-000000000001';
const EVENT = '3c000000-0000-4000-8000-000000000101';
const JORDAN = '3c000000-0000-4000-8000-0000000000aa';
const SAM = '3c000000-0000-4000-8000-0000000000bb';
const ALEX = '3c000000-0000-4000-8000-0000000000cc';
const PLAYERS_PATH = `/api/videos/${VIDEO}/tag-players`;

const roster: TagPlayer[] = [
  { id: JORDAN, name: 'Jordan', number: 23 },
  { id: ALEX, name: 'Alex', number: null },
  { id: SAM, name: 'Sam', number: 7 },
];

const template: TagTemplate = tagTemplateSchema.parse({
  id: '3c000000-0000-4000-8000-0000000000f0',
  name: 'Basketball',
  sport: 'Basketball',
  buttons: [
    {
      name: 'Turnover',
      colour: '#e5484d',
      hotkey: 't',
      leadSeconds: 4,
      lagSeconds: 2,
      mode: 'instant',
    },
  ],
  labelGroups: [],
  periods: [],
  ratios: [],
  teamId: null,
  mine: true,
  ownerName: 'Coach',
  updatedAt: '2026-11-28T00:00:00.000Z',
});

/**
 * The server's side of tagging: POST makes the event, PATCH changes its player; every change
 * asked for is kept, in order.
 */
function answerTagging() {
  let event: TagEvent = tagEventSchema.parse({
    id: EVENT,
    videoId: VIDEO,
    code: 'Turnover',
    colour: '#e5484d',
    start: 12,
    end: 12,
    leadSeconds: 4,
    lagSeconds: 2,
    labels: [],
    playerId: null,
    playerName: null,
    playerNumber: null,
    period: null,
    authorName: 'Coach',
    createdAt: '2026-11-28T00:00:00.000Z',
  });
  const changes: unknown[] = [];
  api.answer(`/api/videos/${VIDEO}/tag-events`, (request, response) => {
    request.resume();
    request.on('end', () =>
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(event)),
    );
  });
  api.answer(`/api/videos/${VIDEO}/tag-events/${EVENT}`, (request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const change = JSON.parse(text) as { playerId?: string | null };
      changes.push(change);
      const player = roster.find((known) => known.id === change.playerId);
      event = {
        ...event,
        playerId: player?.id ?? null,
        playerName: player?.name ?? null,
        playerNumber: player?.number ?? null,
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(event));
    });
  });
  return changes;
}

/** The code window as the Tag tab arms it: the real session, the roster from the server. */
function Window() {
  const players = useTagPlayers(VIDEO, { enabled: true });
  const session = useTagSession({
    videoId: VIDEO,
    playhead: () => 12,
    players: players.data ?? [],
    period: null,
  });
  return (
    <CodeWindow
      template={template}
      session={session}
      roster={players}
      period={null}
      onPeriod={() => undefined}
    />
  );
}

const strip = () => screen.getByRole('group', { name: 'Player of the last event' });

describe('the roster strip of the code window', () => {
  it('gives the tapped player to the last event, by touch or keyboard, and undoes it', async () => {
    api.json(PLAYERS_PATH, 200, roster);
    const changes = answerTagging();
    renderInApp(<Window />);

    // Shirt numbers in order, an athlete without one last; nothing to give a player to yet.
    await within(strip()).findByRole('button', { name: '#7 Sam' });
    const buttons = within(strip()).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['#7Sam', '#23Jordan', 'Alex']);
    expect(buttons.every((button) => (button as HTMLButtonElement).disabled)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: /Turnover/ }));
    const jordan = within(strip()).getByRole('button', { name: '#23 Jordan' });
    await waitFor(() => expect((jordan as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(jordan);
    await waitFor(() => expect(jordan.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('last-tag').textContent).toContain('#23 Jordan');
    // Said to a screen reader too.
    expect(screen.getByText(/Turnover at .*, #23 Jordan/).className).toContain('sr-only');

    // From the keyboard: Tab to Sam, Enter.
    const sam = within(strip()).getByRole('button', { name: '#7 Sam' });
    sam.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sam.getAttribute('aria-pressed')).toBe('true'));
    expect(jordan.getAttribute('aria-pressed')).toBe('false');

    // Undo puts Jordan back, as after a typed number.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(jordan.getAttribute('aria-pressed')).toBe('true'));

    // Tapping the player the event has takes them off it.
    await userEvent.click(jordan);
    await waitFor(() => expect(jordan.getAttribute('aria-pressed')).toBe('false'));
    expect(changes).toEqual([
      { playerId: JORDAN },
      { playerId: SAM },
      { labels: [], playerId: JORDAN },
      { playerId: null },
    ]);
  });

  it('says when there is no one to tag, and offers a retry when the roster fails', async () => {
    let failing = true;
    api.answer(PLAYERS_PATH, (_request, response) => {
      const [status, body] = failing ? [500, { message: 'Away' }] : [200, []];
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    renderInApp(<Window />);

    expect(within(strip()).getByRole('status').textContent).toBe('Loading the roster…');
    const alert = await within(strip()).findByRole('alert');
    expect(alert.textContent).toContain('The roster couldn’t load');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(strip()).findByText(/No athletes to tag yet/)).toBeTruthy();
  });
});
