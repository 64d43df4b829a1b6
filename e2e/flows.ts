import { expect, type Page } from '@playwright/test';
import type { MailCatcher } from './mail';

export const PASSWORD = 'a-good-password';

/** Ticks the ALTCHA checkbox and waits until the proof of work is done. */
export const solveCaptcha = async (page: Page) => {
  await page.getByTestId('captcha').locator('input[type=checkbox]').click();
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-state', 'verified', { timeout: 30_000 });
};

/**
 * Registers through the login screen as a person would: the form, the terms, the real captcha,
 * then the six-digit code from the mail the server sent over SMTP.
 */
export const registerThroughUi = async (page: Page, mail: MailCatcher, username: string) => {
  const email = `${username}@example.test`;
  await page.getByTestId('mode-toggle').click();
  await page.getByTestId('email').fill(email);
  await page.getByTestId('username').fill(username);
  await page.getByTestId('password').fill(PASSWORD);
  await page.getByTestId('password-confirm').fill(PASSWORD);
  await expect(page.getByTestId('submit')).toBeDisabled();
  await page.getByTestId('terms-checkbox').check();
  await solveCaptcha(page);
  await expect(page.getByTestId('submit')).toBeEnabled();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/verification/);
  await page.getByTestId('verify-code').fill(await mail.code(email));
  await page.getByTestId('verify-submit').click();
  await expect(page).not.toHaveURL(/\/verification/);
  return email;
};

export const loginThroughUi = async (page: Page, email: string, password = PASSWORD) => {
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
};
