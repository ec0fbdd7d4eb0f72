import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { FRAME_STEP_S } from '../../lib/playback-shortcuts';
import { VideoViewer } from './video-viewer';

/** The viewer of one video, with its <video> element and the focusable player around it. */
function renderViewer() {
  renderInApp(
    <VideoViewer videoId="v1" url="/uploads/videos/v1/media.mp4" posterUrl={null} title="Squats" />,
  );
  const player = screen.getByRole('group', { name: 'Video player: Squats' });
  const video = player.querySelector('video')!;
  return { player, video, user: userEvent.setup({ delay: null }) };
}

describe('the video player', () => {
  it('plays, pauses and seeks from the keyboard once it has focus', async () => {
    const { player, video, user } = renderViewer();
    player.focus();

    await user.keyboard(' ');
    expect(video.paused).toBe(false);
    await user.keyboard('k');
    expect(video.paused).toBe(true);

    await user.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(5);
    await user.keyboard('l');
    expect(video.currentTime).toBe(15);
    await user.keyboard('{ArrowLeft}');
    expect(video.currentTime).toBe(10);
    // Never before the start.
    await user.keyboard('jj');
    expect(video.currentTime).toBe(0);
  });

  it('steps a frame at a time only while paused', async () => {
    const { player, video, user } = renderViewer();
    player.focus();
    await user.keyboard('{ArrowRight}.');
    expect(video.currentTime).toBeCloseTo(5 + FRAME_STEP_S);
    await user.keyboard(',,');
    expect(video.currentTime).toBeCloseTo(5 - FRAME_STEP_S);

    await user.keyboard(' .');
    expect(video.paused).toBe(false);
    expect(video.currentTime).toBeCloseTo(5 - FRAME_STEP_S);
  });

  it('opens the shortcuts with ? and from the toolbar', async () => {
    const { player, user } = renderViewer();
    player.focus();
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    expect(screen.getByText('Back or forward 5 seconds')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it("leaves the keys typed into the toolbar's own controls to them", async () => {
    const { video, user } = renderViewer();
    const tips = screen.getByRole('button', { name: 'Hide Tips' });
    tips.focus();

    // Space presses the focused button: the tips go, and the video does not start.
    await user.keyboard(' ');
    expect(video.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Show Tips' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('sets the playback speed from the toolbar', async () => {
    const { video, user } = renderViewer();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Playback speed' }), '0.25');
    expect(video.playbackRate).toBe(0.25);
    expect(video.defaultPlaybackRate).toBe(0.25);
  });

  it('zooms in steps of 50% up to 400%, offering play and pause while zoomed', async () => {
    const { video, user } = renderViewer();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    const level = () => screen.getByRole('status', { name: 'Zoom level' }).textContent;
    expect(level()).toBe('100%');
    expect((zoomOut as HTMLButtonElement).disabled).toBe(true);
    // Unzoomed, the native controls play and pause.
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    expect(video.controls).toBe(true);

    await user.click(zoomIn);
    expect(level()).toBe('150%');
    expect(video.controls).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(video.paused).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(video.paused).toBe(true);

    for (let step = 0; step < 6; step += 1) await user.click(zoomIn);
    expect(level()).toBe('400%');
    expect((zoomIn as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers Pose only once the analysis has measured the skeletons', async () => {
    renderViewer();
    const pose = screen.getByRole('button', { name: 'Pose' });
    expect(pose.getAttribute('aria-disabled')).toBe('true');
    expect(pose.title).toBe('Pose skeletons appear once the analysis is ready');
  });
});
