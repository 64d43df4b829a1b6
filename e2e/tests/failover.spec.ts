import { type Browser, expect, type Page, test } from '../fixtures';
import { createSessionViaApi, type Host, registerViaApi, type Tokens } from '../api';
import { freshPostgres, HaproxyProcess, hasHaproxy, query } from '../cluster';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

/**
 * Issue 16: two Belfry nodes on PostgreSQL and Redis behind HAProxy (deploy/haproxy.cfg), browsers on
 * both, one node killed with SIGKILL in the middle of a vote.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const enabled = !!DATABASE_URL && !!REDIS_URL && hasHaproxy();
if (!enabled) console.warn('Failover test skipped: it needs DATABASE_URL, REDIS_URL and haproxy.');

/** README "Several nodes": clients are back on a live node within 5 s... */
const CONTINUE_WITHIN_MS = 5_000;
/** ...and a dead node's users show offline within 10 s (apps/server sessions/nodes.ts). */
const OFFLINE_WITHIN_MS = 10_000;

/** What recordStates keeps in the page: each connection state and when it began. */
interface StateLog {
  connectionStates: [state: string, at: number][];
}

const mail = new MailCatcher();
let database: { url: string; drop: () => Promise<void> } | null = null;
let a: ServerProcess;
let b: ServerProcess;
let proxy: HaproxyProcess;
let host: Tokens;

test.describe('two nodes behind HAProxy', () => {
  test.skip(!enabled, 'needs DATABASE_URL, REDIS_URL and haproxy');

  test.beforeAll(async () => {
    database = await freshPostgres(DATABASE_URL!);
    const env = {
      SMTP_URL: await mail.start(),
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL!,
      TRUST_PROXY: 'true',
    };
    a = new ServerProcess(18_611, env);
    b = new ServerProcess(18_612, env);
    await a.start();
    await b.start();
    proxy = new HaproxyProcess(18_610, { a: a.port, b: b.port });
    await proxy.start();
    host = await registerViaApi(proxy, mail, 'host'); // the install's first account: it has a level
  });
  // What the nodes and HAProxy said (warnings and errors) goes with a failure into CI's output.
  test.afterEach(() => {
    const { status, expectedStatus } = test.info();
    if (status === expectedStatus) return;
    for (const [name, output] of [
      ['node a', a?.logs()],
      ['node b', b?.logs()],
      ['haproxy', proxy?.logs()],
    ] as const) {
      console.log(`--- ${name} ---\n${(output ?? '').slice(-6_000)}`);
    }
  });
  test.afterAll(async () => {
    await proxy?.stop();
    await a?.stop();
    await b?.stop();
    await mail.stop();
    await database?.drop();
  });

  /** A browser signed in as `tokens`, kept on one node by the load balancer's cookie. */
  const pageOn = async (browser: Browser, node: 'a' | 'b', tokens: Tokens, code: string): Promise<Page> => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'belfry_node', value: node, url: proxy.url }]);
    await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
    const page = await context.newPage();
    await page.goto(`${proxy.url}/join/${code}`);
    await expect(page).toHaveURL(/\/play/);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
    return page;
  };

  /**
   * From now on the page notes each change of its connection state with the time it happened (the
   * test and the browser share the machine's clock).
   */
  const recordStates = (page: Page) =>
    page.evaluate(() => {
      const log: StateLog['connectionStates'] = [];
      (window as unknown as StateLog).connectionStates = log;
      const note = () => {
        const state = document.querySelector('[data-testid="connection-state"]')?.getAttribute('data-state') ?? 'none';
        if (log.at(-1)?.[0] !== state) log.push([state, Date.now()]);
      };
      note();
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });

  const nodeOf = async (page: Page): Promise<string | undefined> =>
    (await page.context().cookies(proxy.url)).find((c) => c.name === 'belfry_node')?.value;

  test('a node killed mid-vote: everyone carries on through the other, nothing lost or applied twice', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const code = 'failover';
    await createSessionViaApi(proxy as Host, host.accessToken, { name: code, seats: 5 });
    const st = await pageOn(browser, 'a', host, code);
    // Seats 0, 1 and 4 on node a (the one that dies), 2 and 3 on node b.
    const nodes = ['a', 'a', 'b', 'b', 'a'] as const;
    const players: Page[] = [];
    const accounts: Tokens[] = [];
    for (const [seat, node] of nodes.entries()) {
      const tokens = await registerViaApi(proxy, mail, `voter${seat}`);
      const page = await pageOn(browser, node, tokens, code);
      await page.getByTestId(`seat-${seat}`).click();
      await expect(st.getByTestId(`seat-${seat}`)).not.toHaveAttribute('data-occupant', 'empty');
      players.push(page);
      accounts.push(tokens);
    }
    // The cookie is the load balancer's word for where each browser is.
    expect(await Promise.all([st, ...players].map(nodeOf))).toEqual(['a', ...nodes]);

    // The slowest clock (4 s a seat), nominator seat 0, nominee seat 1: the hand passes 2, 3, 4, 0, 1.
    await st.getByTestId('vote-speed').focus();
    await st.getByTestId('vote-speed').press('End');
    await st.getByTestId('nominate').click();
    await st.getByTestId('nominate-seat-0').click();
    await st.getByTestId('nominate-seat-1').click();
    for (const page of players) await expect(page.getByTestId('vote-overlay')).toBeVisible();
    await expect(st.getByTestId('vote-speed')).toHaveValue('4000');

    // Acknowledged before the crash: seat 0 through node a, seat 2 through node b.
    await players[0]!.getByTestId('vote-up').click();
    await players[2]!.getByTestId('vote-up').click();
    await expect(st.getByTestId('vote-count')).toHaveAttribute('data-count', '2');
    await st.getByTestId('vote-start-countdown').click();
    await expect(st.getByTestId('vote-countdown')).toBeVisible();

    // Node a hangs; seat 1 raises a hand (the request goes out and gets no answer); seat 4's browser
    // closes (node a never learns of it); then node a dies.
    const onA = [st, players[0]!, players[1]!];
    await Promise.all(onA.map(recordStates));
    const frozenAt = Date.now();
    a.freeze();
    await players[1]!.getByTestId('vote-up').click();
    await players[4]!.context().close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const killedAt = Date.now();
    await a.kill();
    // Seat 3 votes through node b while the others come back: at once, before the hand (4 s a seat,
    // seat 2 first) reaches it; waiting for the others first let a slow machine's reconnects outlast it.
    await players[3]!.getByTestId('vote-up').click();

    // Every browser that was on node a lost its connection and is connected again (through node b)
    // within 5 s of the kill: the moment as the page saw it (a busy test runner's polling adds its lag).
    // HAProxy may have cut them already while node a hung (two failed health checks, 1 s apart).
    const back = await Promise.all(
      onA.map(async (page) => {
        const backAt = await page.waitForFunction(
          (since) => {
            const states = (window as unknown as StateLog).connectionStates;
            const lost = states.findIndex(([state, at]) => state !== 'connected' && at >= since);
            return lost >= 0 && states.slice(lost).find(([state]) => state === 'connected')?.[1];
          },
          frozenAt,
          { timeout: CONTINUE_WITHIN_MS + 10_000 },
        );
        await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
        await expect(page.getByTestId('vote-overlay')).toBeVisible();
        return Number(await backAt.jsonValue());
      }),
    );
    // The held request of seat 1 was sent again with its id and counted once: 4 hands.
    await expect(st.getByTestId('vote-count')).toHaveAttribute('data-count', '4');
    for (const page of [st, players[0]!, players[1]!]) expect(await nodeOf(page)).toBe('b');
    const afterKill = back.map((at) => at - killedAt);
    const afterFreeze = back.map((at) => at - frozenAt);
    console.log(
      `back on node b ${afterKill.join(', ')} ms after the kill (${afterFreeze.join(', ')} ms after node a hung, ` +
        `killed ${killedAt - frozenAt} ms after); bound ${CONTINUE_WITHIN_MS} ms`,
    );
    for (const ms of afterKill) expect(ms).toBeLessThanOrEqual(CONTINUE_WITHIN_MS);

    // The user who went with node a shows offline within the bound.
    await expect(st.getByTestId('seat-4-offline')).toBeVisible({ timeout: OFFLINE_WITHIN_MS + 5_000 });
    const offlineAfter = Date.now() - killedAt;
    console.log(`seat 4 offline after ${offlineAfter} ms; bound ${OFFLINE_WITHIN_MS} ms`);
    expect(offlineAfter).toBeLessThanOrEqual(OFFLINE_WITHIN_MS);

    // The clock sweeps on (node b runs it from the stored times): 4 of 5 hands, the nominee is marked.
    await expect(st.getByTestId('seat-1-vote-marked')).toBeVisible({ timeout: 40_000 });
    await expect(players[2]!.getByTestId('seat-1-vote-marked')).toBeVisible();

    // The stored events: each voter's hand applied exactly once, no request id twice.
    const events = await query<{ intent: string; actor: string; request_id: string | null }>(
      database!.url,
      'SELECT intent, actor, request_id FROM session_events WHERE session_id = $1 ORDER BY version',
      [code],
    );
    const votesBy = new Map<string, number>();
    for (const event of events) {
      if ((JSON.parse(event.intent) as { type: string }).type !== 'vote') continue;
      const { userId } = JSON.parse(event.actor) as { userId: string };
      votesBy.set(userId, (votesBy.get(userId) ?? 0) + 1);
    }
    expect(Object.fromEntries(votesBy)).toEqual(
      Object.fromEntries([0, 1, 2, 3].map((seat) => [accounts[seat]!.user.id, 1])),
    );
    const ids = events.flatMap((e) => (e.request_id ? [e.request_id] : []));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
