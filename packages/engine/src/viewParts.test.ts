import fc from 'fast-check';
import { expect, it } from 'vitest';
import { apply } from './apply';
import type { Intent } from './intents';
import { arbClientIntent, arbTick, arbViewerIntent, isTick } from './noninterference/intents';
import { arbState, T, USERS } from './noninterference/states';
import { SYSTEM } from './testing';
import type { Actor, SessionState } from './types';
import { view } from './view';

/**
 * Views share their parts between viewers and between changes (keyed by the narrowest knowledge they
 * are built from, view.ts). Whatever order viewers and changes come in, a view built through what is
 * kept must be the view built from nothing: a copy of the state (through JSON) has no kept parts at all.
 */

const arbRun = arbState.chain((state) =>
  fc.record({
    state: fc.constant(state),
    steps: fc.array(
      fc.tuple(
        fc.constantFrom(...USERS),
        fc.nat(3000),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.oneof(
          { weight: 2, arbitrary: arbClientIntent },
          { weight: 1, arbitrary: arbTick },
          { weight: 4, arbitrary: fc.constant(null) },
        ),
      ),
      { minLength: 1, maxLength: 12 },
    ),
    viewers: fc.shuffledSubarray([...USERS], { minLength: USERS.length }),
  }),
);

it('a view built from kept parts is the view built from nothing, for every viewer after every change', () => {
  fc.assert(
    fc.property(arbRun, ({ state, steps, viewers }) => {
      let s: SessionState = state;
      let now = T;
      for (const [who, wait, seed, fixed] of steps) {
        now += wait;
        // A viewer-aimed intent is drawn from the current state, so most of them are accepted.
        const intent: Intent = fixed ?? fc.sample(arbViewerIntent(s, who), { numRuns: 1, seed })[0]!;
        const actor: Actor = isTick(intent) ? SYSTEM : { userId: who, level: s.users[who]!.level };
        const result = apply(s, intent, actor, now);
        if (!result.ok) continue;
        s = result.state;
        for (const viewer of viewers) {
          expect(view(s, viewer), `${viewer} after ${JSON.stringify(intent)}`).toEqual(
            view(JSON.parse(JSON.stringify(s)) as SessionState, viewer),
          );
        }
      }
    }),
    { numRuns: 150 },
  );
}, 120_000);
