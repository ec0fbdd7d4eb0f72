import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { fixtureVideo } from './media';
import { expectToast, newAccount, registerThroughApi } from './support';
import { uploadThroughApi } from './video-support';

test('a coach shares a video with a team of three; an athlete taken off it loses it at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL!;
  const coach = newAccount('coach', 'Casey Coach');
  await registerThroughApi(page, coach);
  const video = await uploadThroughApi(
    page,
    'Team drill',
    fixtureVideo('squats_single_person.mp4'),
  );

  // Three athletes on the coach's roster, each having accepted. The first watches in a browser.
  const watcherContext = await browser.newContext({ baseURL });
  const watcher = await watcherContext.newPage();
  const athletes = [
    newAccount('athlete', 'Ana Teamer'),
    newAccount('athlete', 'Ben Teamer'),
    newAccount('athlete', 'Cai Teamer'),
  ];
  const others: APIRequestContext[] = [];
  for (const [index, athlete] of athletes.entries()) {
    let request: APIRequestContext;
    if (index === 0) {
      await registerThroughApi(watcher, athlete);
      request = watcher.request;
    } else {
      const context = await browser.newContext({ baseURL });
      await registerThroughApi(await context.newPage(), athlete);
      request = context.request;
      others.push(request);
    }
    const invited = await page.request.post('/api/coach/students', {
      data: { email: athlete.email },
    });
    expect(invited.status()).toBe(201);
    const { id } = (await invited.json()) as { id: string };
    expect((await request.post(`/api/roster/coaches/${id}/accept`)).status()).toBe(200);
  }

  // The coach makes the team and puts all three on it.
  await page.goto('/teams');
  await page.getByRole('button', { name: 'New Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Team' });
  await dialog.getByLabel('Team name').fill('Squad A');
  await dialog.getByLabel('Sport').fill('Basketball');
  await dialog.getByRole('button', { name: 'Create Team' }).click();
  const team = page.getByRole('region', { name: 'Squad A' });
  for (const athlete of athletes) {
    await team.getByLabel('Add athlete').selectOption({ label: athlete.name });
    await team.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(team.getByRole('listitem').filter({ hasText: athlete.name })).toBeVisible();
  }
  await expect(team).toContainText('3 athletes');

  // Renamed, with another sport and colours: the form starts from what the team has.
  await team.getByRole('button', { name: 'Edit Squad A' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Team' });
  await expect(edit.getByLabel('Team name')).toHaveValue('Squad A');
  await edit.getByLabel('Team name').fill('Squad B');
  await edit.getByLabel('Sport').fill('Netball');
  await edit.getByLabel('Main colour').selectOption({ label: 'Navy' });
  await edit.getByRole('button', { name: 'Save Team' }).click();
  await expectToast(page, 'Success', 'Team Squad B saved');
  await expect(page.getByRole('region', { name: 'Squad B' })).toContainText('Netball · Navy');
  await expect(page.getByRole('region', { name: 'Squad A' })).toHaveCount(0);

  // Shared with the team from the video's Share dialog.
  await page.goto(`/videos/${video.id}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Share Video' });
  await share.getByLabel('Team', { exact: true }).selectOption({ label: 'Squad B' });
  await share.getByRole('button', { name: 'Share with team' }).click();
  await expectToast(page, 'Success', 'Shared with Squad B');
  await expect(share.getByRole('listitem').filter({ hasText: 'Squad B' })).toContainText(
    '3 athletes',
  );

  // An athlete sees the team and its video.
  await watcher.goto('/teams');
  await expect(watcher.getByRole('region', { name: 'Squad B' })).toContainText('Coach Casey Coach');
  await watcher.goto('/videos');
  const card = watcher.getByRole('link', { name: 'Team drill', exact: true });
  await expect(card).toBeVisible();

  // The coach takes them off the team: their open page stops showing the video, unprompted.
  await page.goto('/teams');
  await page.getByRole('button', { name: 'Remove Ana Teamer from Squad B' }).click();
  await expectToast(page, 'Success', 'Athlete removed from the team');
  await expect(card).toHaveCount(0);
  await expect(watcher.getByRole('heading', { name: 'No videos uploaded yet' })).toBeVisible();
  const detail = await watcher.request.get(`/api/videos/${video.id}`);
  expect(detail.status()).toBe(404);
  // The others keep it.
  const list = await others[0]!.get('/api/videos');
  expect(((await list.json()) as { title: string }[]).map((listed) => listed.title)).toEqual([
    'Team drill',
  ]);
  await watcherContext.close();
});
