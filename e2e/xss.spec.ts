import { expect, test } from '@playwright/test';
import { loggedMailLink } from './mail-support';
import type { Locator, Page } from '@playwright/test';
import {
  FIXTURE_PLAYER_ID,
  fixtureAnalysis,
  fixtureReading,
  showAnalysis,
} from './analysis-fixture';
import { fixtureVideo } from './media';
import { expectToast, newAccount, registerThroughApi } from './support';
import { uploadThroughApi, waitUntilPrepared } from './video-support';
import {
  attributeBreakingEmail,
  expectDefused,
  hostileEmail,
  MARKDOWN_SCRIPT_LINKS,
  SCRIPT_PAYLOADS as P,
  watchForScript,
} from './xss-support';

// Script in every text the web app shows from people's input (and in the markdown it renders
// from the analysis and the AI Coach) stays text in a real browser: no dialog, no
// window.__xss, the characters as typed on screen, and no javascript: address behind a link.
// Set-up goes through the API; what is checked is what the browser shows.

const squats = fixtureVideo('squats_single_person.mp4');

/** Waits for the text, exactly as typed, to be on screen inside `scope`. */
async function expectLiteral(scope: Page | Locator, text: string) {
  await expect(scope.getByText(text, { exact: true }).first()).toBeVisible();
}

async function closeWithEscape(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

test('hostile names, e-mails, titles and descriptions are shown as text on every page', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const expectNoScriptRan = watchForScript(page);
  // The coach's own address must take mail: a video is shared with them below, and shares reach
  // only confirmed addresses (no relay delivers to a hostile one). Hostile addresses are shown
  // below as a student's and a sharee's.
  const coach = newAccount('coach', P.script);
  await registerThroughApi(page, coach);
  const ownTitle = `${P.img} own clip`;
  const own = await uploadThroughApi(page, ownTitle, squats);
  const studentName = `${P.svg} student`;
  const studentEmail = hostileEmail();
  const student = await page.request.post('/api/coach/students', {
    data: { name: studentName, email: studentEmail },
  });
  expect(student.status()).toBe(201);

  // Someone with a hostile name and address shares a hostile title with the coach.
  const sharerContext = await browser.newContext();
  const sharerPage = await sharerContext.newPage();
  const sharer = { ...newAccount('coach', P.alert), email: hostileEmail() };
  await registerThroughApi(sharerPage, sharer, { confirmed: false });
  const sharedTitle = `${P.svg} shared clip`;
  const shared = await uploadThroughApi(sharerPage, sharedTitle, squats);
  const share = await sharerPage.request.post(`/api/videos/${shared.id}/share`, {
    data: { email: coach.email, accessLevel: 'view' },
  });
  expect(share.status()).toBe(201);
  await waitUntilPrepared(page, own.id);
  await waitUntilPrepared(sharerPage, shared.id);
  await sharerContext.close();

  // Dashboard: the cards, the sharer's name, the side panel's name and address.
  await page.goto('/');
  await expectLiteral(page.getByRole('link', { name: ownTitle, exact: true }), ownTitle);
  await expectLiteral(page.getByRole('link', { name: sharedTitle, exact: true }), sharedTitle);
  await expectLiteral(page, `by ${P.alert}`);
  await expectLiteral(page, P.script);
  await expectLiteral(page, coach.email.toLowerCase());
  await expectNoScriptRan('the dashboard');

  await page.goto('/videos');
  await expectLiteral(page, sharedTitle);
  await expectNoScriptRan('the videos page');

  // Athletes: the student's name and address, and the removal that names them.
  await page.goto('/athletes');
  const card = page.getByRole('article', { name: studentName });
  await expectLiteral(card, studentName);
  await expectLiteral(card, studentEmail.toLowerCase());
  await card.getByRole('button', { name: `Remove ${studentName}` }).click();
  const remove = page.getByRole('alertdialog', { name: 'Remove this student?' });
  await expect(remove).toContainText(`${studentName} will be taken off your list`);
  await closeWithEscape(page, remove);
  await expectNoScriptRan('the athletes page');

  // Settings: the name as a value, then a new hostile name typed in and saved.
  await page.goto('/settings');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByLabel('Name')).toHaveValue(P.script);
  await expect(profile.getByLabel('Email')).toHaveValue(coach.email.toLowerCase());
  await profile.getByLabel('Name').fill(P.img);
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Profile updated successfully');
  await expectLiteral(page, P.img);
  await expectNoScriptRan('the settings page');

  // The shared video's page: title, description and the browser tab's title.
  await page.goto(`/videos/${shared.id}`);
  await expectLiteral(page.getByRole('heading', { level: 1 }), sharedTitle);
  await expectLiteral(page, `${sharedTitle}, filmed at practice.`);
  await expect(page).toHaveTitle(`${sharedTitle} · FilmRoom`);
  await expectNoScriptRan('a shared video');

  // The coach's own video: its shares, one made through the API with an address the browser's
  // e-mail field would refuse, one typed into Share; and the delete confirmation.
  const apiEmail = hostileEmail();
  const apiShare = await page.request.post(`/api/videos/${own.id}/share`, {
    data: { email: apiEmail, accessLevel: 'edit' },
  });
  expect(apiShare.status()).toBe(201);
  await page.goto(`/videos/${own.id}`);
  await expectLiteral(page.getByRole('heading', { level: 1 }), ownTitle);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const shareDialog = page.getByRole('dialog', { name: 'Share Video' });
  const people = shareDialog.getByRole('region', { name: 'People with access' });
  await expectLiteral(people, apiEmail.toLowerCase());
  const typedEmail = attributeBreakingEmail();
  await shareDialog.getByLabel('Email').fill(typedEmail);
  await shareDialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expectLiteral(people, typedEmail.toLowerCase());
  await closeWithEscape(page, shareDialog);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this video?' });
  await expect(confirm).toContainText(`“${ownTitle}” will be deleted for good`);
  await closeWithEscape(page, confirm);
  await expectNoScriptRan("the coach's own video");
});

test('notes, replies and questions stay text, also where the AI Coach quotes them as markdown', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const expectNoScriptRan = watchForScript(page);
  await registerThroughApi(page, newAccount('coach', P.img));
  // The AI Coach names the video in bold when it has no analysis yet: its title is markdown
  // there.
  const title = `${P.svg} ${MARKDOWN_SCRIPT_LINKS.link}`;
  const video = await uploadThroughApi(page, title, squats);
  await waitUntilPrepared(page, video.id);
  const notes = [
    `${P.script} ${MARKDOWN_SCRIPT_LINKS.upperCase}`,
    `${P.alert} ${MARKDOWN_SCRIPT_LINKS.rawAnchor} ${MARKDOWN_SCRIPT_LINKS.dataUrl}`,
  ];
  const noteIds: string[] = [];
  for (const [index, content] of notes.entries()) {
    const created = await page.request.post(`/api/videos/${video.id}/annotations`, {
      data: { content, timestamp: 1 + index * 3, xPosition: 40, yPosition: 40 },
    });
    expect(created.status()).toBe(201);
    noteIds.push(((await created.json()) as { id: string }).id);
  }
  const reply = await page.request.post(
    `/api/videos/${video.id}/annotations/${noteIds[0]}/replies`,
    { data: { content: P.svg } },
  );
  expect(reply.status()).toBe(201);

  await page.goto(`/videos/${video.id}`);
  await expectLiteral(page.getByRole('heading', { level: 1 }), title);
  await page.getByRole('tab', { name: /^Notes/ }).click();
  const list = page.getByRole('list', { name: 'Annotations by time' });
  for (const content of notes) await expectLiteral(list, content);
  await expectNoScriptRan('the Notes tab');

  // The open note: its words, the reply from the API, and one typed in here.
  await list.getByRole('button', { name: new RegExp(`^${escapeRegExp(P.script)}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Annotation at 00:00:01' });
  await expect(dialog.getByTestId('annotation-content')).toHaveText(notes[0]!);
  const replies = dialog.getByRole('list', { name: 'Replies' });
  await expectLiteral(replies, P.svg);
  await dialog.getByLabel('Write a reply').fill(P.alert);
  await dialog.getByLabel('Write a reply').press('Enter');
  await expectLiteral(replies, P.alert);
  await closeWithEscape(page, dialog);
  await expectNoScriptRan('an open note');

  // The AI Coach: a hostile question as typed, an answer that names the video, and one that
  // quotes the notes (and their author) in markdown.
  await page.getByRole('button', { name: 'AI Coach' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat with AI Coach' });
  const log = chat.getByRole('log', { name: 'Conversation with the AI Coach' });
  const question = `${P.script} How many reps did I do? ${MARKDOWN_SCRIPT_LINKS.link}`;
  await chat.getByRole('textbox', { name: 'Message' }).fill(question);
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(log.getByRole('article', { name: 'You' })).toHaveText(question);
  const answers = log.getByRole('article', { name: 'AI Coach' });
  await expect(log).toHaveAttribute('aria-busy', 'false');
  await expect(answers.last()).toContainText(`${P.svg} Watch this has not been analysed yet`);
  await expectDefused(answers.last().getByRole('link', { name: 'Watch this' }));

  await chat
    .getByRole('list', { name: 'Suggested questions' })
    .getByRole('button', { name: 'Summarise the notes' })
    .click();
  await expect(answers).toHaveCount(2);
  await expect(log).toHaveAttribute('aria-busy', 'false');
  const summary = answers.last();
  await expect(summary).toContainText(`${P.img}: “${P.script} Open drill”`);
  await expect(summary).toContainText(`“${P.alert} ${MARKDOWN_SCRIPT_LINKS.rawAnchor} Open data”`);
  await expectDefused(summary.getByRole('link', { name: 'Open drill' }));
  await expectDefused(summary.getByRole('link', { name: 'Open data' }));
  await expectNoScriptRan('the AI Coach chat');

  // Still text after a reload, from the stored history.
  await page.reload();
  await page.getByRole('button', { name: 'AI Coach' }).click();
  await expect(log.getByRole('article', { name: 'You' }).first()).toHaveText(question);
  await expect(answers.last()).toContainText(`${P.img}: “${P.script} Open drill”`);
  await expectNoScriptRan('the AI Coach chat after a reload');
});

test('the analysis markdown keeps HTML as text and empties javascript: and data: addresses', async ({
  page,
}) => {
  // An upload to prepare first: 28 of the default 30 s in the last CI run.
  test.setTimeout(60_000);
  const expectNoScriptRan = watchForScript(page);
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(page, 'Squats', squats);
  await waitUntilPrepared(page, video.id);
  // The analysis is written by the coach engine or a language model, which may echo anything;
  // the page is handed one with every trick in it (see analysis-fixture.ts).
  const analysis = fixtureAnalysis();
  analysis.textAnalysis = [
    '## Summary',
    `Plain ${P.img} and ${P.svg} inline.`,
    '',
    P.script,
    '',
    `- ${MARKDOWN_SCRIPT_LINKS.link}`,
    `- ${MARKDOWN_SCRIPT_LINKS.upperCase}`,
    `- ${MARKDOWN_SCRIPT_LINKS.dataUrl}`,
    `- ${MARKDOWN_SCRIPT_LINKS.rawAnchor}`,
    `- <javascript:window.__xss=1>`,
    `- [Reference](https://example.com/squats)`,
    '',
    MARKDOWN_SCRIPT_LINKS.image,
  ].join('\n');
  analysis.overallFeedback = `${P.alert} keep going`;
  analysis.coachingPoints[0]!.title = `${P.script} title`;
  analysis.coachingPoints[0]!.description = `${P.img} description`;
  analysis.coachingPoints[0]!.type = P.svg;
  // An identified athlete is named by their account; the engine quotes their names.
  analysis.athletes = [
    fixtureReading({ name: `${P.script} athlete`, withheld: [`${P.img} hip turn`] }),
    fixtureReading({ index: 2, name: `${P.svg} athlete` }),
  ];
  // A player's name is an athlete's own; a photo address is the server's (/uploads/...).
  await showAnalysis(page, video.id, analysis, {
    [FIXTURE_PLAYER_ID]: { name: `${P.svg} player`, photoUrl: null },
  });

  await page.goto(`/videos/${video.id}`);
  const report = page.getByRole('region', { name: 'Technical analysis text' });
  await expect(report.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(report).toContainText(`Plain ${P.img} and ${P.svg} inline.`);
  await expect(report).toContainText(P.script);
  await expect(report).toContainText(MARKDOWN_SCRIPT_LINKS.rawAnchor);
  for (const name of ['Watch this', 'Open drill', 'Open data']) {
    await expectDefused(report.getByRole('link', { name }));
  }
  // A safe address is kept as written.
  await expect(report.getByRole('link', { name: 'Reference' })).toHaveAttribute(
    'href',
    'https://example.com/squats',
  );
  // The autolink shows its text, with the address emptied too; the image's is checked below.
  await expectDefused(report.getByRole('link', { name: 'javascript:window.__xss=1' }));

  const tab = page.getByRole('tabpanel', { name: 'Analysis' });
  await expectLiteral(tab, `${P.alert} keep going`);
  await expectLiteral(tab, `${P.img} description`);
  await expectLiteral(tab, `Type: ${P.svg}`);
  await expectLiteral(tab, `${P.script} athlete`);
  await expectLiteral(tab, `${P.svg} athlete`);
  await expectLiteral(tab, `${P.img} hip turn`);
  await expect(
    // Anchored: the card's Clip and Compare buttons name the point after their own words.
    tab.getByRole('button', { name: new RegExp(`^${escapeRegExp(`${P.script} title`)}`) }),
  ).toBeVisible();
  await expectNoScriptRan('the Analysis tab');

  // The Players tab names the player matched at the current time.
  await page.getByRole('tab', { name: 'Players' }).click();
  await expectLiteral(page.getByRole('tabpanel', { name: 'Players' }), `${P.svg} player`);
  await expectNoScriptRan('the Players tab');
});

test.describe('on a server that keeps its mail', () => {
  // The measuring server has no mail relay: the mail an action sends waits in Settings.
  test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

  test('the mail outbox shows hostile names as text', async ({ page, browser }) => {
    // Mail is shown to whom it is addressed, once they have confirmed (from the server's log).
    const athlete = newAccount('athlete', P.script);
    await registerThroughApi(page, athlete, { confirmed: false });
    const measured = process.env.FILMROOM_E2E_MEASURED_URL!;
    await page.goto(await loggedMailLink(athlete.email, `${measured}/confirm-email?token=`));
    await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
    const coachContext = await browser.newContext({ baseURL: measured });
    const coachPage = await coachContext.newPage();
    await registerThroughApi(coachPage, newAccount('coach', P.img), { confirmed: false });
    const invited = await coachPage.request.post('/api/coach/students', {
      data: { name: P.script, email: athlete.email },
    });
    expect(invited.status()).toBe(201);
    await coachContext.close();

    const expectNoScriptRan = watchForScript(page);
    await page.goto('/settings');
    const outbox = page.getByRole('list', { name: 'Kept mail' });
    const subject = `${P.img} wants to add you to their athletes on FilmRoom`;
    await expectLiteral(outbox, subject);
    await outbox.getByText(subject, { exact: true }).click();
    await expect(outbox).toContainText(P.img);
    await expectNoScriptRan('the mail outbox');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
