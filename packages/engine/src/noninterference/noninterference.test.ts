import fc from 'fast-check';
import { it } from 'vitest';
import { apply } from '../apply';
import type { Intent } from '../intents';
import type { Actor, SessionState } from '../types';
import { view } from '../view';
import { SYSTEM } from '../testing';
import { arbClientIntent, arbTick, arbViewerIntent, isTick } from './intents';
import { arbSecretChange, factsOf } from './secrets';
import { arbState, T, USERS } from './states';

/**
 * Issue 14, DESIGN principle 1: two states that differ only in what a viewer may not know give that
 * viewer the same view, and every intent the viewer can send gets the same answer and leaves them the
 * same view (so nothing leaks through answers, refusals or counts either). What a viewer may not know
 * is written in secrets.ts from the rules, independently of view.ts.
 *
 * NONINTERFERENCE_ONLY (comma separated words of secret names) narrows the secrets, to show one leak.
 */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const only = env.NONINTERFERENCE_ONLY?.split(',');
const RUNS = Number(env.NONINTERFERENCE_RUNS ?? 10_000);

/** The frames a client would receive, compared as JSON with sorted keys. */
const frame = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** The first path where two JSON-like values differ, for a readable failure. */
const firstDifference = (a: unknown, b: unknown, path = ''): string | null => {
  if (frame(a) === frame(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}/${key}`,
      );
      if (found) return found;
    }
  }
  return `${path}: ${frame(a)?.slice(0, 200)} ≠ ${frame(b)?.slice(0, 200)}`;
};

const arbSteps = (state: SessionState, viewer: string) =>
  fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: arbClientIntent },
        { weight: 4, arbitrary: arbViewerIntent(state, viewer) },
        { weight: 1, arbitrary: arbTick },
      ),
      fc.nat(3000),
    ),
    { minLength: 1, maxLength: 4 },
  );

const arbCase = arbState.chain((state) =>
  fc.constantFrom(...USERS).chain((viewer) =>
    fc.record({
      state: fc.constant(state),
      viewer: fc.constant(viewer),
      secret: arbSecretChange(state, viewer, only),
      steps: arbSteps(state, viewer),
    }),
  ),
);

const check = (a: SessionState, b: SessionState, viewer: string, steps: [Intent, number][]): string | null => {
  const diff = firstDifference(view(a, viewer), view(b, viewer));
  if (diff) return `the view differs at ${diff}`;
  const actor: Actor = { userId: viewer, level: a.users[viewer]!.level };
  const before = factsOf(a, viewer);
  let now = T;
  for (const [intent, wait] of steps) {
    now += wait;
    const who = isTick(intent) ? SYSTEM : actor;
    const ra = apply(a, intent, who, now);
    const rb = apply(b, intent, who, now);
    const said = JSON.stringify(intent);
    if (ra.ok !== rb.ok || (!ra.ok && !rb.ok && frame(ra.error) !== frame(rb.error)))
      return `${said} is answered ${frame(ra.ok || ra.error)} vs ${frame(rb.ok || rb.error)}`;
    if (!ra.ok || !rb.ok) continue;
    a = ra.state;
    b = rb.state;
    // The rules themselves widen what a viewer knows when they become Storyteller (allowed when none
    // exists, or to a moderator), take up granted grimoire access, or stand up from a seat that carries
    // no character and so become a spectator. Nothing is compared beyond that point.
    const grown = factsOf(a, viewer);
    if (
      (!before.storyteller && grown.storyteller) ||
      (!before.seesGrimoire && grown.seesGrimoire) ||
      (before.inGame && !grown.inGame)
    )
      return null;
    const after = firstDifference(view(a, viewer), view(b, viewer));
    if (after) return `after ${said} the view differs at ${after}`;
  }
  return null;
};

it(`noninterference: no secret reaches a viewer through views, answers or counts (${RUNS} cases)`, () => {
  fc.assert(
    fc.property(arbCase, ({ state, viewer, secret, steps }) => {
      const leak = check(state, secret.changed, viewer, steps);
      if (leak) throw new Error(`${viewer} learns [${secret.names.join('; ')}]: ${leak}`);
    }),
    { numRuns: RUNS },
  );
}, 600_000);
