import { createTranscriber } from '@filmroom/speech';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { LimitedTranscriber } from '../annotations/transcription-limit';
import { settingsOverview } from './settings-check';

describe('the admin settings page on a server without transcription', () => {
  const ctx = useTestApp();

  it('tells the administrator how to turn speech to text on', async () => {
    const transcriber = new LimitedTranscriber(
      await createTranscriber({ pocketsphinx: { command: 'pocketsphinx_continuous_missing' } }),
    );
    const overview = settingsOverview({ ...ctx.runtime.deps, transcriber });
    const stt = overview.parts.find((part) => part.part === 'stt');
    expect(stt?.configured).toBe(false);
    expect(stt?.summary).toMatch(/^Off: voice notes are kept without words/);
    expect(stt?.summary).toContain('sudo apt-get install pocketsphinx pocketsphinx-en-us');
    expect(stt?.summary).toContain('STT_BASE_URL');
  });
});
