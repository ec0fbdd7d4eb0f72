import type { PreviousUpload } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { unfinishedUploads } from './unfinished-uploads';

const remembered = (overrides: Partial<PreviousUpload> = {}): PreviousUpload => ({
  size: 48_000_000,
  metadata: {
    title: 'Saturday squats',
    description: 'Third set',
    movement: 'squat',
    filename: 'IMG_0042.MOV',
  },
  creationTime: '2026-11-27T10:00:00.000Z',
  uploadUrl: 'http://localhost/api/resumable-uploads/abc',
  urlStorageKey: 'tus::tus-br-IMG_0042.MOV-video/quicktime-48000000::1',
  parallelUploadUrls: null,
  ...overrides,
});

describe('unfinishedUploads', () => {
  it('lists what the upload page needs to resume each, newest first', () => {
    const older = remembered({ creationTime: '2026-11-26T09:00:00.000Z', urlStorageKey: 'old' });
    expect(unfinishedUploads([older, remembered()])).toEqual([
      {
        key: 'tus::tus-br-IMG_0042.MOV-video/quicktime-48000000::1',
        url: 'http://localhost/api/resumable-uploads/abc',
        title: 'Saturday squats',
        description: 'Third set',
        movement: 'squat',
        fileName: 'IMG_0042.MOV',
        size: 48_000_000,
        startedAt: new Date('2026-11-27T10:00:00.000Z'),
      },
      expect.objectContaining({ key: 'old' }),
    ]);
  });

  it('names an untitled upload after its file, and an unknown movement is detected', () => {
    const [upload] = unfinishedUploads([
      remembered({ metadata: { title: ' ', filename: 'rep.mp4', movement: 'juggling' } }),
    ]);
    expect(upload).toMatchObject({ title: 'rep.mp4', movement: 'auto', description: '' });
  });

  it('leaves out one the server never created', () => {
    expect(unfinishedUploads([remembered({ uploadUrl: null })])).toEqual([]);
  });
});
