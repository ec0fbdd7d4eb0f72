import { REACTIONS, type Annotation } from '@filmroom/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { withApiServer } from '@/testing/api-server';
import { renderInApp } from '@/testing/render-in-app';
import { AnnotationsPanel } from './annotations-panel';
import { useAnnotationSession, type AnnotationPlayer } from './use-annotation-session';

const api = withApiServer();
const VIDEO_ID = '6f0c1a52-0000-4000-8000-000000000001';
const ANNOTATIONS_PATH = `/api/videos/${VIDEO_ID}/annotations`;

const coach = { id: '6f0c1a52-0000-4000-8000-0000000000c0', name: 'Casey Coach', avatarUrl: null };
function note(id: number, timestamp: number, content: string, resolved = false): Annotation {
  return {
    id: `6f0c1a52-0000-4000-8000-00000000000${id}`,
    parentId: null,
    content,
    timestamp,
    xPosition: 50,
    yPosition: 50,
    audioUrl: null,
    audioDuration: null,
    sentiment: null,
    drawing: null,
    reactions: Object.fromEntries(
      REACTIONS.map((reaction) => [reaction, { count: 0, mine: false }]),
    ) as Annotation['reactions'],
    user: coach,
    createdAt: '2026-01-01T00:00:00.000Z',
    endTime: null,
    displaySeconds: 3,
    pauseHere: false,
    resolvedAt: resolved ? '2026-01-02T00:00:00.000Z' : null,
    resolvedBy: resolved ? coach : null,
    replies: [],
  };
}

/** The Notes tab as the video page has it: one annotation session over the video's notes. */
function NotesTab({ editable = true }: { editable?: boolean }) {
  const player = useRef<AnnotationPlayer>(null);
  const session = useAnnotationSession(VIDEO_ID, player);
  return <AnnotationsPanel session={session} editable={editable} />;
}

describe('the Notes tab', () => {
  it('says it is loading until the notes come, then lists them by time', async () => {
    let reply: ServerResponse | undefined;
    api.answer(ANNOTATIONS_PATH, (_request, response) => (reply = response));
    renderInApp(<NotesTab />);

    expect(screen.getByRole('status').textContent).toBe('Loading annotations…');
    await vi.waitFor(() => expect(reply).toBeDefined());
    reply!
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify([note(1, 12, 'Knees out'), note(2, 3, 'Chest up')]));

    const list = await screen.findByRole('list', { name: 'Annotations by time' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Chest up'),
      expect.stringContaining('Knees out'),
    ]);
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
  });

  it('shows the error with Retry, and what the server answers on retrying', async () => {
    api.json(ANNOTATIONS_PATH, 500, { message: 'The database is unavailable' });
    renderInApp(<NotesTab />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe("Annotations couldn't load");
    // Spec §8: a crashed server's words are not for people; its status is.
    expect(within(alert).getByText('500: Internal Server Error')).toBeTruthy();
    expect(within(alert).queryByText(/database/)).toBeNull();

    api.json(ANNOTATIONS_PATH, 200, []);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('No annotations yet')).toBeTruthy();
  });

  it('points an editor at Add Annotation when there are none, and only tells a viewer', async () => {
    api.json(ANNOTATIONS_PATH, 200, []);
    const editor = renderInApp(<NotesTab editable />);
    expect(await screen.findByText(/press Add Annotation under the video/)).toBeTruthy();
    editor.unmount();

    renderInApp(<NotesTab editable={false} />);
    expect(await screen.findByText(/Notes pinned on this video show here/)).toBeTruthy();
    expect(screen.queryByText(/press Add Annotation/)).toBeNull();
  });

  it('filters open from resolved notes, with their counts', async () => {
    api.json(ANNOTATIONS_PATH, 200, [
      note(1, 2, 'Knees out'),
      note(2, 4, 'Chest up', true),
      note(3, 6, 'Heels down'),
    ]);
    renderInApp(<NotesTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Annotations by time' });
    const shownNotes = () =>
      within(screen.getByRole('list', { name: 'Annotations by time' }))
        .getAllByRole('listitem')
        .map((row) =>
          ['Knees out', 'Chest up', 'Heels down'].find((text) => row.textContent?.includes(text)),
        );

    await user.click(screen.getByRole('radio', { name: 'Open 2' }));
    expect(shownNotes()).toEqual(['Knees out', 'Heels down']);
    await user.click(screen.getByRole('radio', { name: 'Resolved 1' }));
    expect(shownNotes()).toEqual(['Chest up']);
    await user.click(screen.getByRole('radio', { name: 'All 3' }));
    expect(shownNotes()).toHaveLength(3);
  });
});
