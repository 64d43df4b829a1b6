import { type BrowserContext, expect, type Page, test } from '../fixtures';
import { registerViaApi } from '../api';
import { registerThroughUi, solveCaptcha } from '../flows';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

/**
 * The Content-Security-Policy the server sends (apps/server/src/http/security-headers.ts) is one the
 * app runs under: every screen, the captcha's proof of work, the socket, the dialogs and the
 * character sheet's pop-out, without a single violation.
 */
const mail = new MailCatcher();
let server: ServerProcess;
/** Listed so that the policy must name it; nothing answers there (the browser never calls it here). */
const CHAT_SERVER = 'http://127.0.0.1:18497';

test.beforeAll(async () => {
  server = new ServerProcess(18_495, {
    SMTP_URL: await mail.start(),
    CHAT_SERVERS: `Home=${CHAT_SERVER}`,
    MEDIA_SECRET: 'a-chat-secret-of-some-length',
  });
  await server.start();
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});
test.afterEach(async () => {
  const info = test.info();
  if (info.status !== info.expectedStatus) console.log(server.logs());
});

const unique = () => Math.random().toString(36).slice(2, 8);

/** The directives of a Content-Security-Policy header, by name. */
const directivesOf = (header: string | undefined): Map<string, string[]> =>
  new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => !!name)
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );

interface Violation {
  directive: string;
  blocked: string;
  sourceFile: string;
  line: number;
  column: number;
}

declare global {
  interface Window {
    cspViolations?: Violation[];
    reportCspViolation?: (violation: Violation) => void;
  }
}

/** What a test saw refused: the `securitypolicyviolation` events, and the browser's console lines about the policy. */
interface Seen {
  events: Violation[];
  console: { text: string; url: string; line: number; column: number }[];
}

/**
 * Records every refusal on any page of `context`, whatever page it was on when it happened: the
 * events are kept in `window.cspViolations` and sent here at once, so a navigation loses none.
 */
const recordViolations = async (context: BrowserContext): Promise<Seen> => {
  const seen: Seen = { events: [], console: [] };
  await context.exposeFunction('reportCspViolation', (violation: Violation) => seen.events.push(violation));
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const violation = {
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          sourceFile: event.sourceFile,
          line: event.lineNumber,
          column: event.columnNumber,
        };
        window.cspViolations?.push(violation);
        window.reportCspViolation?.(violation);
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (!/content.security.policy/i.test(message.text())) return;
    const { url, lineNumber, columnNumber } = message.location();
    seen.console.push({ text: message.text(), url, line: lineNumber, column: columnNumber });
  });
  return seen;
};

/** Nothing was refused so far, and the page's recorder is in place (it is what would have seen it). */
const expectClean = async (page: Page, seen: Seen, where: string) => {
  expect(Array.isArray(await page.evaluate(() => window.cspViolations)), `${where}: the recorder`).toBe(true);
  const refused: string[] = [];
  for (const v of seen.events.splice(0)) {
    refused.push(`${v.directive} refused ${v.blocked || 'inline'} (${v.sourceFile}:${v.line}:${v.column})`);
  }
  for (const c of seen.console.splice(0)) {
    refused.push(`console: ${c.text}`);
  }
  expect(refused, where).toEqual([]);
};

/** A step that failed says first what the policy refused meanwhile, if anything: that is most often why. */
const explained = async (step: Promise<unknown>, page: Page, seen: Seen, what: string) => {
  try {
    await step;
  } catch (error) {
    await expectClean(page, seen, `${what} failed`);
    throw error;
  }
};

test('the page and the API carry the policy; no inline script, no framing; the chat servers may be reached', async ({
  request,
}) => {
  for (const path of ['/', '/play', '/backend/version', '/backend/no-such-route']) {
    const response = await request.get(`${server.url}${path}`);
    const headers = response.headers();
    const csp = directivesOf(headers['content-security-policy']);
    expect(csp.get('script-src'), path).toEqual(["'self'"]);
    expect(csp.get('script-src-attr'), path).toEqual(["'none'"]);
    expect(csp.get('default-src'), path).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    expect(csp.get('base-uri'), path).toEqual(["'self'"]);
    expect(csp.get('form-action'), path).toEqual(["'self'"]);
    for (const values of csp.values()) expect(values, path).not.toContain("'unsafe-eval'");
    expect(csp.get('connect-src'), path).toEqual(expect.arrayContaining([CHAT_SERVER, 'ws://127.0.0.1:18497']));
    // A plain-http install sends no HSTS and asks for no upgrade.
    expect(csp.has('upgrade-insecure-requests'), path).toBe(false);
    expect(headers['strict-transport-security'], path).toBeUndefined();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
  // The built page itself holds no inline script for the policy to refuse.
  const html = await (await request.get(`${server.url}/`)).text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
});

test('an install served over https asks for HSTS, and still for no upgrade of requests', async ({ request }) => {
  const secure = new ServerProcess(18_496, { PUBLIC_URL: 'https://belfry.example.test' });
  try {
    await secure.start();
    const headers = (await request.get(`${secure.url}/backend/version`)).headers();
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    // Reached at its plain-http address behind the TLS proxy, the page must still load its files.
    expect(directivesOf(headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
  } finally {
    await secure.stop();
  }
});

test('every screen runs under the policy: login with the captcha, register, verification, lobby, game table, dialogs', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const violations = await recordViolations(context);
  const page = await context.newPage();
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));

  // The login screen; the captcha's proof of work runs in its Web Workers.
  await page.goto(`${server.url}/`);
  await expect(page).toHaveURL(/\/login/);
  await explained(solveCaptcha(page), page, violations, 'the captcha');
  await expectClean(page, violations, 'login with the captcha solved');

  // Pages anyone may open.
  await page.goto(`${server.url}/clock`);
  await expect(page.getByTestId('clock-page')).toBeVisible();
  await page.goto(`${server.url}/terms`);
  await expect(page.getByTestId('policy-terms')).toBeVisible();
  await page.goto(`${server.url}/update`);
  await expect(page.getByTestId('update-latest')).toContainText('0.');
  await expectClean(page, violations, 'clock, terms and update pages');

  // Registration mode with a fresh captcha, the verification screen, then the lobby. The install's
  // first account is its administrator, so it may create games.
  await page.goto(`${server.url}/login`);
  await registerThroughUi(page, mail, `warden-${unique()}`);
  await expect(page.getByTestId('create-name')).toBeVisible();
  await page.getByTestId('verify-phone').click();
  await expect(page.getByTestId('phone-close')).toBeVisible();
  await page.getByTestId('phone-close').click();
  await expectClean(page, violations, 'registration, verification and lobby');

  // A game: the grimoire with a few seats, over the socket's websocket.
  const code = `csp-${unique()}`;
  await page.getByTestId('create-name').fill(code);
  await page.getByTestId('create-public').uncheck();
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/\/play/);
  for (let i = 1; i <= 5; i++) {
    await page.getByTestId('add-seat').click();
    await expect(page.locator('[data-testid^="seat-"][data-occupant]')).toHaveCount(i);
  }
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  expect(sockets.some((url) => url.startsWith(`ws://127.0.0.1:18495/backend/socket/`))).toBe(true);
  await expectClean(page, violations, 'game table');

  // The gear menu on each tab, and the edition picker (logos, theme pictures).
  await page.getByTestId('open-menu').click();
  for (const tab of ['playing', 'game', 'app']) {
    await page.getByTestId(`menu-tab-${tab}`).click();
    await expect(page.getByTestId('game-menu')).toBeVisible();
  }
  await page.getByTestId('menu-tab-playing').click();
  await page.getByTestId('menu-edition').click();
  await expect(page.getByTestId('edition-picker')).toBeVisible();
  await expect(page.locator('[data-testid^="theme-tb-"]').first()).toBeVisible();

  // A custom script from another address: the browser fetches it itself (spec 3 §7).
  const address = 'https://scripts.example.test/csp-night.json';
  await page.route(address, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*' },
      contentType: 'application/json',
      body: JSON.stringify([{ id: '_meta', name: 'Strict Night' }, 'librarian', 'monk', 'recluse', 'baron', 'imp']),
    }),
  );
  await page.getByTestId('edition-source-url').click();
  await page.getByTestId('edition-url').fill(address);
  await page.getByTestId('edition-url-load').click();
  await explained(expect(page.getByTestId('edition-picker')).toHaveCount(0), page, violations, 'the script fetch');
  await expectClean(page, violations, 'gear menu, edition picker, script from an address');

  // The role picker of a seat, its Game Icons drawn as inline SVG.
  await page.getByTestId('seat-0').click();
  const picker = page.getByTestId('role-picker');
  await expect(picker.getByTestId('role-option-imp')).toBeVisible();
  await expect(picker.locator('svg path').first()).toBeAttached();
  await picker.getByTestId('role-option-imp').click();
  await expect(page.getByTestId('seat-0-role')).toHaveAttribute('data-role', 'imp');
  await expectClean(page, violations, 'role picker');

  // The character sheet, then its pop-out window with the page's stylesheets copied into it.
  await page.getByTestId('open-menu').click();
  await page.getByTestId('menu-tab-game').click();
  await page.getByTestId('menu-sheet').click();
  await expect(page.getByTestId('character-sheet')).toBeVisible();
  await page.getByTestId('sheet-popout').click();
  await expect(page.getByTestId('sheet-popin-tab')).toBeVisible();
  const popout = await page.evaluate(() => {
    const pip = (window as { documentPictureInPicture?: { window: Window | null } }).documentPictureInPicture?.window;
    if (!pip) return null;
    const styles = Array.from(pip.document.querySelectorAll('style'));
    return {
      styles: styles.length,
      applied: styles.filter((style) => (style.sheet?.cssRules.length ?? 0) > 0).length,
      title: pip.document.querySelector('[data-testid=sheet-title]')?.textContent,
    };
  });
  expect(popout?.title).toBe('Strict Night');
  expect(popout?.styles).toBeGreaterThan(0);
  expect(popout?.applied, 'the stylesheets copied into the pop-out apply').toBe(popout?.styles);
  await page.getByTestId('side-tab-sheet').click();
  await expect(page.getByTestId('character-sheet')).toBeVisible();
  await expectClean(page, violations, 'character sheet and its pop-out');

  // Local play.
  await page.goto(`${server.url}/local`);
  await expect(page.getByTestId('local-badge')).toBeVisible();
  await page.getByTestId('local-panel').getByTestId('add-seat').click();
  await expect(page.getByTestId('seat-circle')).toHaveAttribute('data-seats', '1');
  await expectClean(page, violations, 'local play');
});

test('the Banned page runs under the policy', async ({ browser }) => {
  const tokens = await registerViaApi(server, mail, `rogue-${unique()}`);
  server.sql(
    "INSERT INTO bans (id, reason, expires, created_at) VALUES ('csp', 'Testing the policy', ?, 0)",
    Date.UTC(2031, 0, 1),
  );
  server.sql("INSERT INTO ban_users (ban_id, user_id) VALUES ('csp', ?)", tokens.user.id);
  server.sql(`UPDATE users SET flags = '["verified-email","tos-agreed","banned"]' WHERE id = ?`, tokens.user.id);
  const context = await browser.newContext();
  const violations = await recordViolations(context);
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await expect(page).toHaveURL(/\/banned/);
  await expect(page.getByTestId('banned-reason')).toHaveText('Testing the policy');
  await expectClean(page, violations, 'banned page');
});
