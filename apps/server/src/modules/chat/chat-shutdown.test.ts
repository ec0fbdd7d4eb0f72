import { expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { golfContext } from '@filmroom/coach/testing';
import { askOverHttp, insertAnalysedClip } from '../../../test/chat';
import { useTestApp } from '../../../test/test-app';

// A file of its own: the test closes its app.
const ctx = useTestApp();

it('ends an answer in progress with an error event when the server shuts down', async () => {
  const origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const owner = await registerAccount(ctx.app);
  const videoId = await insertAnalysedClip(
    ctx.runtime.deps,
    owner.user.id,
    golfContext().analysis!,
  );
  let closing: Promise<void> | undefined;
  const started = performance.now();
  // A few words into the answer, the server is stopped (as by SIGTERM); the asker stays.
  const result = await askOverHttp(
    origin,
    owner.cookie,
    videoId,
    'What should I fix?',
    (events) => {
      if (events.length === 3) closing = ctx.app.close();
      return false;
    },
  );
  await closing;
  expect(performance.now() - started).toBeLessThan(1000);
  expect(result.events.at(-1)).toEqual({
    type: 'error',
    content: 'The server is restarting, so the AI Coach stopped. Ask again in a moment.',
  });
  const { rows } = await ctx.database.pool.query(
    'select role from chat_messages where video_id = $1',
    [videoId],
  );
  expect(rows).toEqual([{ role: 'user' }]);
});
