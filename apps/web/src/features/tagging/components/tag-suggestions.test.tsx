import { tagSuggestionSchema, type TagEvent, type TagSuggestion } from '@filmroom/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EventSource } from 'eventsource';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useServerEvents } from '@/hooks/use-server-events';
import { withApiServer } from '@/testing/api-server';
import { renderInApp } from '@/testing/render-in-app';
import { useTagSuggestions } from '../api/tag-suggestions';
import { reportLayoutToResizeObservers } from '../testing/laid-out-strip';
import {
  suggestionsOnAnalysisHandler,
  suggestionsOnRangeHandler,
  taggingEventHandler,
} from '../api/tagging-events';
import { TagTimeline } from './tag-timeline';

const api = withApiServer();
const VIDEO = '5a000000-0000-4000-8000-000000000001';
const TEMPLATE = '5a000000-0000-4000-8000-0000000000f0';

const suggestion = (
  id: number,
  t: number,
  action = 'Shot',
  rangeId: string | null = null,
): TagSuggestion =>
  // Parsed by the contract, so a suggestion the server could not send fails here first.
  tagSuggestionSchema.parse({
    id: `5a000000-0000-4000-8000-00000000010${id}`,
    videoId: VIDEO,
    t,
    action,
    movement: 'basketball_shot',
    event: 'release',
    eventLabel: 'Release',
    athleteName: 'Jordan',
    playerId: null,
    confidence: 0.95,
    movementSource: 'detected',
    rangeId,
  });

const basketball = {
  id: TEMPLATE,
  name: 'Basketball',
  sport: 'Basketball',
  buttons: [
    {
      name: 'Rebound',
      colour: '#30a46c',
      hotkey: 'r',
      leadSeconds: 4,
      lagSeconds: 2,
      mode: 'instant',
    },
    {
      name: 'Shot',
      colour: '#f76b15',
      hotkey: 's',
      leadSeconds: 5,
      lagSeconds: 3,
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
};

/** The event the server answers an accept with. */
const acceptedAs = (code: string): TagEvent => ({
  id: '5a000000-0000-4000-8000-000000000201',
  videoId: VIDEO,
  code,
  colour: '#f76b15',
  start: 4,
  end: 4,
  leadSeconds: 5,
  lagSeconds: 3,
  labels: [],
  playerId: null,
  playerName: null,
  playerNumber: null,
  period: null,
  authorName: 'Coach',
  createdAt: '2026-11-28T00:00:00.000Z',
});

/** The timeline as the video page gives it: the suggestions as the server lists them. */
function SuggestedTimeline({ onPlay }: { onPlay: (suggestion: TagSuggestion) => void }) {
  const suggestions = useTagSuggestions(VIDEO, { enabled: true });
  return (
    <TagTimeline
      events={[]}
      duration={60}
      onPlay={vi.fn()}
      suggested={
        suggestions.data ? { videoId: VIDEO, suggestions: suggestions.data, onPlay } : undefined
      }
    />
  );
}

/**
 * Renders the timeline with the server listing `suggestions`; `decided` takes one off the
 * server's list, as accepting or dismissing it does.
 */
async function renderTimeline(
  suggestions: TagSuggestion[],
  onPlay = vi.fn(),
  { live = false }: { live?: boolean } = {},
) {
  let listed = suggestions;
  api.json('/api/tagging/templates', 200, { templates: [basketball], readyMade: [] });
  api.answer(`/api/videos/${VIDEO}/tag-suggestions`, (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(listed)),
  );
  renderInApp(
    <>
      {live ? <LiveEvents /> : null}
      <SuggestedTimeline onPlay={onPlay} />
    </>,
  );
  await screen.findAllByTestId('tag-suggestion');
  const decided = (id: string) => (listed = listed.filter((known) => known.id !== id));
  const found = (more: TagSuggestion) => (listed = [...listed, more].sort((a, b) => a.t - b.t));
  return { onPlay, decided, found };
}

/** The tagging feature's handlers of the event stream, as the signed-in shell mounts them. */
const LIVE_HANDLERS = [
  taggingEventHandler,
  suggestionsOnAnalysisHandler,
  suggestionsOnRangeHandler,
];
function LiveEvents() {
  useServerEvents(LIVE_HANDLERS);
  return null;
}

reportLayoutToResizeObservers();

/** Where a flag is: its moment and the room to the next one, in percent of the strip. */
function placeOf(flag: HTMLElement) {
  return { at: flag.style.getPropertyValue('--at'), room: flag.style.getPropertyValue('--room') };
}

describe('the timeline’s Suggested row', () => {
  it('shows suggestions on their own row, plainly marked, even before anything is tagged', async () => {
    await renderTimeline([suggestion(1, 4), suggestion(2, 20)]);
    const row = screen.getByRole('toolbar', { name: /^Suggested: 2 suggestions, not counted/ });
    expect(row.className).toContain('border-dashed');
    expect(
      within(row)
        .getAllByRole('button')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual([
      'Suggested Shot at 4.0s, Jordan (release)',
      'Suggested Shot at 20.0s, Jordan (release)',
    ]);
    expect(screen.queryAllByTestId('tag-timeline-bar')).toEqual([]);
    // Each a flag from its moment, in percent of the strip, with the room to the next.
    const flags = within(row).getAllByRole('button');
    expect(flags.map(placeOf)).toEqual([
      { at: `${(4 / 60) * 100}%`, room: `${(16 / 60) * 100}%` },
      { at: `${(20 / 60) * 100}%`, room: '100%' },
    ]);
  });

  it('places the flags in percent, which a zoom leaves as they were', async () => {
    const user = userEvent.setup();
    await renderTimeline([suggestion(1, 10), suggestion(2, 10.2), suggestion(3, 59.9)]);
    const places = () => screen.getAllByTestId('tag-suggestion').map(placeOf);
    const before = places();
    expect(before.map((place) => place.at)).toEqual([
      `${(10 / 60) * 100}%`,
      `${(10.2 / 60) * 100}%`,
      `${(59.9 / 60) * 100}%`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('tag-timeline').getAttribute('data-zoom')).toBe('2');
    expect(places()).toEqual(before);
  });

  it('is one Tab stop with the timeline, the arrows, Home and End going along the flags', async () => {
    const user = userEvent.setup();
    await renderTimeline([suggestion(1, 4), suggestion(2, 20), suggestion(3, 40)]);
    const flag = (seconds: number) =>
      screen.getByRole('button', { name: `Suggested Shot at ${seconds}.0s, Jordan (release)` });
    const flags = screen.getAllByTestId('tag-suggestion');
    expect(flags.filter((one) => one.tabIndex === 0)).toEqual([flag(4)]);
    act(() => flag(4).focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(flag(20));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(flag(40));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(flag(4));
  });

  it('accepts one by keyboard as the button named like it, with that button’s lead and lag', async () => {
    const user = userEvent.setup();
    const first = suggestion(1, 4);
    const sent = api.record(
      `/api/videos/${VIDEO}/tag-suggestions/${first.id}/accept`,
      201,
      acceptedAs('Shot'),
    );
    const { onPlay, decided } = await renderTimeline([first, suggestion(2, 20)]);

    screen.getByRole('button', { name: 'Suggested Shot at 4.0s, Jordan (release)' }).focus();
    await user.keyboard('{Enter}');
    expect(onPlay).toHaveBeenCalledWith(first);
    const picker = await screen.findByRole('combobox', { name: 'Accept as event type' });
    expect(document.activeElement).toBe(picker);
    expect(within(picker).getByRole('option', { selected: true }).textContent).toBe('Shot');

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' }));
    decided(first.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ code: 'Shot', colour: '#f76b15', leadSeconds: 5, lagSeconds: 3 });
    // Off the row at once, and the actions close.
    await waitFor(() =>
      expect(screen.getAllByTestId('tag-suggestion').map((bar) => bar.title)).toEqual([
        'Suggested Shot at 20.0s, Jordan (release)',
      ]),
    );
    expect(screen.queryByRole('combobox', { name: 'Accept as event type' })).toBeNull();
  });

  it('says how sure the movement is, and never a percentage for a movement the coach chose', async () => {
    const user = userEvent.setup();
    const chosen = tagSuggestionSchema.parse({
      ...suggestion(2, 20),
      confidence: 1,
      movementSource: 'chosen',
    });
    await renderTimeline([suggestion(1, 4), chosen]);
    await user.click(
      screen.getByRole('button', { name: 'Suggested Shot at 4.0s, Jordan (release)' }),
    );
    expect(await screen.findByText(/95% sure of the movement/)).toBeDefined();
    await user.click(
      screen.getByRole('button', { name: 'Suggested Shot at 20.0s, Jordan (release)' }),
    );
    expect(await screen.findByText(/the movement chosen for the video/)).toBeDefined();
    expect(screen.queryByText(/100% sure/)).toBeNull();
  });

  it('accepts as another event type when the coach picks one', async () => {
    const user = userEvent.setup();
    const first = suggestion(1, 4);
    const sent = api.record(
      `/api/videos/${VIDEO}/tag-suggestions/${first.id}/accept`,
      201,
      acceptedAs('Rebound'),
    );
    const { decided } = await renderTimeline([first]);
    decided(first.id);
    await user.click(screen.getByTestId('tag-suggestion'));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Accept as event type' }),
      'Rebound',
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ code: 'Rebound', leadSeconds: 4, lagSeconds: 2 });
    await waitFor(() => expect(screen.queryAllByTestId('tag-suggestion')).toEqual([]));
  });

  it('dismisses one, and keeps it when the server refuses', async () => {
    const user = userEvent.setup();
    const first = suggestion(1, 4);
    const refused = api.record(`/api/videos/${VIDEO}/tag-suggestions/${first.id}/dismiss`, 409, {
      message: 'Another editor has just decided this suggestion',
    });
    const { decided } = await renderTimeline([first]);
    await user.click(screen.getByTestId('tag-suggestion'));
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(refused).toHaveLength(1));
    expect(screen.getAllByTestId('tag-suggestion')).toHaveLength(1);

    const sent = api.record(`/api/videos/${VIDEO}/tag-suggestions/${first.id}/dismiss`, 200, {
      message: 'Suggestion dismissed',
    });
    decided(first.id);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(screen.queryAllByTestId('tag-suggestion')).toEqual([]));
  });
});

describe('the Suggested row, live', () => {
  // A real stream from the test's HTTP server, read by a real EventSource (happy-dom has none).
  let stream: Promise<ServerResponse>;
  beforeAll(() => vi.stubGlobal('EventSource', EventSource));
  afterAll(() => vi.unstubAllGlobals());
  const openStream = () => {
    stream = new Promise((resolve) =>
      api.answer('/api/events', (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        resolve(response);
      }),
    );
  };
  const send = async (name: string, data: object) =>
    (await stream).write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  const shown = () => screen.queryAllByTestId('tag-suggestion').map((bar) => bar.title);

  it('drops what another editor dismissed, and adds what a finished range found, unreloaded', async () => {
    openStream();
    const first = suggestion(1, 4);
    const second = suggestion(2, 20);
    const { decided, found } = await renderTimeline([first, second], vi.fn(), { live: true });
    expect(shown()).toHaveLength(2);

    // Another editor dismissed the first: the server lists it no more and says so.
    decided(first.id);
    await send('tag-event', { videoId: VIDEO, change: 'suggestion-dismissed', eventId: null });
    await waitFor(() => expect(shown()).toEqual(['Suggested Shot at 20.0s, Jordan (release)']));

    // A range's analysis is written: its shot joins the row.
    const range = '5a000000-0000-4000-8000-0000000000a1';
    found(suggestion(3, 41.5, 'Shot', range));
    await send('analysis-range', {
      id: range,
      videoId: VIDEO,
      status: 'ready',
      progress: 100,
      failureReason: null,
    });
    await waitFor(() =>
      expect(shown()).toEqual([
        'Suggested Shot at 20.0s, Jordan (release)',
        'Suggested Shot at 41.5s, Jordan (release)',
      ]),
    );

    // Another editor accepted the second: its event was created, and the row follows.
    decided(second.id);
    await send('tag-event', { videoId: VIDEO, change: 'created', eventId: null });
    await waitFor(() => expect(shown()).toEqual(['Suggested Shot at 41.5s, Jordan (release)']));
  });
});
