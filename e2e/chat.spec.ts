import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectToast, newAccount, registerThroughApi, toasts } from './support';
import { fixtureVideo } from './media';
import { uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

// The measuring server (playwright.config.ts): the AI Coach answers from a real scan of the
// clip. One upload and one scan for the whole spec.
test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

type Detail = {
  analysisState: { status: 'scanning' | 'analysing' | 'ready' | 'failed' } | null;
  analysis: { textAnalysis: string } | null;
  suggestedPrompts: string[];
};
type ChatMessage = { role: 'user' | 'assistant'; content: string };

async function detailOf(page: Page, id: string) {
  return (await (await page.request.get(`/api/videos/${id}`)).json()) as Detail;
}

async function historyOf(page: Page, id: string) {
  const response = await page.request.get(`/api/videos/${id}/chat`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as ChatMessage[]).map(({ role, content }) => ({ role, content }));
}

/**
 * Lets a test see an answer half-way: the next chat answer this page reads is passed on event by
 * event, and held after its first `partial` event until `releaseHeldAnswer`. The server streams
 * as usual; only its pace as the page sees it changes. Installed before the app loads.
 */
async function holdAnswers(page: Page) {
  await page.addInitScript(() => {
    type Gate = { hold: boolean; release: () => void; released: Promise<void> };
    const gate = {} as Gate;
    gate.released = new Promise<void>((resolve) => (gate.release = resolve));
    (window as unknown as { chatGate: Gate }).chatGate = gate;
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      const isAnswer = init?.method === 'POST' && /\/api\/videos\/[^/]+\/chat$/.test(url);
      if (!isAnswer || !gate.hold || !response.body) return response;
      gate.hold = false;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const encoder = new TextEncoder();
      let buffered = '';
      let held = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          for (;;) {
            const end = buffered.indexOf('\n\n');
            if (end !== -1) {
              const event = buffered.slice(0, end + 2);
              buffered = buffered.slice(end + 2);
              if (held) await gate.released;
              controller.enqueue(encoder.encode(event));
              if (event.includes('"type":"partial"')) held = true;
              return;
            }
            const { done, value } = await reader.read();
            if (done) {
              if (buffered) controller.enqueue(encoder.encode(buffered));
              controller.close();
              return;
            }
            buffered += decoder.decode(value, { stream: true });
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
  });
}

async function holdNextAnswer(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { chatGate: { hold: boolean } }).chatGate.hold = true;
  });
}

async function releaseHeldAnswer(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { chatGate: { release: () => void } }).chatGate.release();
  });
}

test('the AI Coach chat: prompts, a streamed answer with the measured count, moments that seek, history kept and cleared', async ({
  page,
}) => {
  // The scan is about a minute of CPU for this 13 s clip on two cores shared with the suite.
  test.setTimeout(300_000);
  // The measuring server keeps its mail in its log: the athlete needs no proven address for
  // their own video.
  await registerThroughApi(page, newAccount('athlete'), { confirmed: false });
  const video = await uploadThroughApi(
    page,
    'Squat session',
    fixtureVideo('squats_single_person.mp4'),
  );
  await waitUntilPrepared(page, video.id);
  await expect
    .poll(async () => (await detailOf(page, video.id)).analysisState?.status, {
      timeout: 240_000,
      intervals: [1000, 2000],
    })
    .toBe('ready');
  const detail = await detailOf(page, video.id);
  // What the scan measured, as the analysis writes it ("... 3 repetitions ...").
  const repetitions = Number(/\b(\d+) repetitions?\b/.exec(detail.analysis!.textAnalysis)?.[1]);
  expect(repetitions).toBeGreaterThan(0);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/videos/${video.id}/chat`)) {
      asked.push((request.postDataJSON() as { message: string }).message);
    }
  });

  await holdAnswers(page);
  await page.goto(`/videos/${video.id}`);
  await page.getByRole('button', { name: 'AI Coach' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat with AI Coach' });
  const log = dialog.getByRole('log', { name: 'Conversation with the AI Coach' });
  const input = dialog.getByRole('textbox', { name: 'Message' });
  const send = dialog.getByRole('button', { name: 'Send', exact: true });
  const clear = dialog.getByRole('button', { name: 'Clear history' });
  const questions = log.getByRole('article', { name: 'You' });
  const answers = log.getByRole('article', { name: 'AI Coach' });

  // An empty conversation offers the video's suggested prompts, in order.
  await expect(dialog.getByRole('heading', { name: 'Ask about this video' })).toBeVisible();
  const prompts = dialog.getByRole('list', { name: 'Suggested questions' }).getByRole('button');
  expect(detail.suggestedPrompts.length).toBeGreaterThan(0);
  await expect(prompts).toHaveText(detail.suggestedPrompts);
  await expect(clear).toBeDisabled();
  await expect(input).toBeFocused();

  // A blank question is not sent, by the button or by Enter.
  await input.fill('   ');
  await expect(send).toBeDisabled();
  await input.press('Enter');
  await expect(input).toHaveValue('   ');
  await expect(questions).toHaveCount(0);

  // A typed question shows at once; the answer streams in (held after its first piece here, so
  // it can be seen half-way) while the input and submit are disabled; then it is whole, it
  // gives the measured count, and the input is back.
  await holdNextAnswer(page);
  await input.fill('how many squats did I do?');
  await input.press('Enter');
  await expect(questions).toHaveText(['how many squats did I do?']);
  await expect(log).toHaveAttribute('aria-busy', 'true');
  await expect(input).toBeDisabled();
  await expect(send).toBeDisabled();
  const answer = answers.last();
  await expect(answer).toHaveAttribute('aria-busy', 'true');
  await expect(answer).toHaveText(/\S/);
  const partial = (await answer.textContent()) ?? '';
  await expect(answer).toHaveAttribute('aria-busy', 'true');
  await expect(input).toBeDisabled();
  await releaseHeldAnswer(page);
  await expect(log).toHaveAttribute('aria-busy', 'false');
  await expect(answer).toHaveAttribute('aria-busy', 'false');
  await expect(answer).toContainText(`${repetitions} reps measured`);
  const whole = (await answer.textContent()) ?? '';
  expect(whole.length).toBeGreaterThan(partial.length);
  await expect(input).toBeEnabled();
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(answers).toHaveCount(1);

  // A suggested prompt sends itself; moments like 0:02 in the answer seek the video.
  const prompt = detail.suggestedPrompts[0]!;
  await dialog
    .getByRole('list', { name: 'Suggested questions' })
    .getByRole('button', { name: prompt, exact: true })
    .click();
  await expect(questions.last()).toHaveText(prompt);
  await expect(log).toHaveAttribute('aria-busy', 'false');
  await expect(answers).toHaveCount(2);
  const moments = answers.last().getByRole('button', { name: /^0:0[1-9](\.\d)?$/ });
  await expect(moments.first()).toBeVisible();
  const label = (await moments.first().textContent())!;
  await expect(moments.first()).toHaveAttribute('title', `Jump to ${label}`);
  const seconds = Number(label.split(':')[1]);
  expect((await videoState(page)).currentTime).not.toBeCloseTo(seconds, 0);
  await moments.first().click();
  await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(seconds, 1);
  // On a wide screen the chat stays open beside the video.
  await expect(dialog).toBeVisible();

  // The conversation is kept: after closing, and after a reload, it is all still there.
  const conversation = [
    { role: 'user', content: 'how many squats did I do?' },
    { role: 'assistant', content: expect.stringContaining(`**${repetitions} reps**`) },
    { role: 'user', content: prompt },
    { role: 'assistant', content: expect.stringContaining(label) },
  ];
  expect(await historyOf(page, video.id)).toEqual(conversation);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'AI Coach' }).click();
  await expect(questions).toHaveText(['how many squats did I do?', prompt]);
  await expect(answers).toHaveCount(2);
  await page.reload();
  await page.getByRole('button', { name: 'AI Coach' }).click();
  await expect(questions).toHaveText(['how many squats did I do?', prompt]);
  await expect(answers.first()).toContainText(`${repetitions} reps measured`);
  // The latest message is in view.
  await expect(answers.last()).toBeInViewport();

  // Clear history empties it, says so, and the prompts are offered again.
  await clear.click();
  await expectToast(page, 'Success', 'Chat history cleared successfully');
  await expect(questions).toHaveCount(0);
  await expect(answers).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'Ask about this video' })).toBeVisible();
  await expect(clear).toBeDisabled();
  expect(await historyOf(page, video.id)).toEqual([]);

  // Only the two real questions ever reached the server, and nothing went wrong on the way.
  expect(asked).toEqual(['how many squats did I do?', prompt]);
  await expect(toasts(page).getByText('Error', { exact: true })).toHaveCount(0);
});
