import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail-support';

export const PASSWORD = 'correct horse battery staple';

/** A fresh address per call, so tests never collide on the shared server. */
export function uniqueEmail(role: 'coach' | 'athlete'): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `${role}-${Date.now()}-${random}@example.com`;
}

export type NewAccount = { name: string; email: string; password: string; isCoach: boolean };

export function newAccount(role: 'coach' | 'athlete', name?: string): NewAccount {
  return {
    name: name ?? (role === 'coach' ? 'Casey Coach' : 'Alex Athlete'),
    email: uniqueEmail(role),
    password: PASSWORD,
    isCoach: role === 'coach',
  };
}

/** Creates the account through the sign-in screen, as a person would. */
export async function registerThroughUi(page: Page, account: NewAccount) {
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (account.isCoach) await page.getByRole('checkbox', { name: 'I am a coach' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Creates the account straight through the API (with this page's cookies), for tests about
 * something other than signing up. Its address is confirmed from the mail the SMTP peer got,
 * as its owner would, unless `confirmed: false` (or on the measuring server, which has no relay).
 */
export async function registerThroughApi(
  page: Page,
  account: NewAccount,
  { confirmed = true }: { confirmed?: boolean } = {},
) {
  const response = await page.request.post('/api/register', {
    data: {
      username: account.email,
      password: account.password,
      name: account.name,
      isCoach: account.isCoach,
    },
  });
  expect(response.status()).toBe(201);
  if (!confirmed) return;
  const mail = await waitForMail(account.email, /^Confirm your email address/);
  const token = new URL(linkIn(mail, 'http')).searchParams.get('token');
  const confirm = await page.request.post('/api/confirm-email', { data: { token } });
  expect(confirm.status()).toBe(200);
}

export async function signInThroughUi(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Radix puts toasts in this landmark; F8 is its hotkey (spec §9). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

export async function expectToast(page: Page, title: string, description: string) {
  const region = toasts(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  await expect(region.getByText(description, { exact: true })).toBeVisible();
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

export async function expectSignInScreen(page: Page) {
  await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
}

export async function expectNotFoundPage(page: Page) {
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(
    page.getByText(
      "The page you're looking for doesn't exist or you don't have permission to view it.",
    ),
  ).toBeVisible();
}

/** The address playwright.config.ts names in ADMIN_EMAILS on both servers. */
export const ADMIN_EMAIL = 'admin@filmroom.test';

/** Signs this page in as the servers' administrator (made by global-setup.ts). */
export async function signInAsAdmin(page: Page) {
  const login = await page.request.post('/api/login', {
    data: { username: ADMIN_EMAIL, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
}
