import { enableArrayMethods, Immer } from 'immer';
import { refuse, type Refusal } from './errors';
import type { Intent } from './intents';
import { accessRules } from './rules/access';
import { chatRules } from './rules/chat';
import { gameRules } from './rules/game';
import { localRules } from './rules/local';
import { playerRules } from './rules/players';
import { pointingRules } from './rules/pointing';
import { metaRules } from './rules/meta';
import { presenceRules } from './rules/presence';
import type { Rule, RulesFor } from './rules/rule';
import { scriptRules } from './rules/script';
import { seatRules } from './rules/seats';
import { storytellerRules } from './rules/storytellers';
import { voteRules } from './rules/vote';
import { whisperRules } from './rules/whispers';
import type { Actor, SessionState } from './types';
import { channelsToSettle, settleChannels } from './whispers';
import { settleHolders } from './holder';
import { chronicle } from './chronicle';

/**
 * States are not frozen. V8 (Node 20) runs some, find, findIndex, filter, forEach and every four to
 * six times slower over a frozen array, the rules and views read the state's arrays everywhere, and
 * freezing walks every new array again (a 500-message chat on every message): with it a seat claim
 * cost several times as much (bench/). Nothing may change a state in place all the same (views keep
 * parts by identity); the unit tests turn freezing on (`freezeStates`), so that code which does
 * fails there loudly.
 */
const immer = new Immer({ autoFreeze: false });

/**
 * Without it, a lookup on a draft's array (`seatIndexOf`'s findIndex, `some`, `every`) made a proxy
 * of every element it passed, which the draft's finish then walked: a seat claim made twenty seat
 * proxies to find one seat (bench/, CPU and allocation profiles). With it those methods read the
 * elements as they stand and hand their callbacks plain values; `find`, `filter` and `slice` still
 * return drafts, so what a rule changes through them is tracked. A callback that changed an element
 * would now change the state in place: the unit tests' frozen states make that throw.
 */
enableArrayMethods();

/** For tests: states made from now on are frozen, so a change in place throws. */
export const freezeStates = (on: boolean): void => immer.setAutoFreeze(on);

export type ApplyResult = { ok: true; state: SessionState } | { ok: false; error: Refusal };

const rules: RulesFor<Intent['type']> = {
  ...seatRules,
  ...storytellerRules,
  ...metaRules,
  ...accessRules,
  ...presenceRules,
  ...gameRules,
  ...playerRules,
  ...pointingRules,
  ...voteRules,
  ...chatRules,
  ...scriptRules,
  ...whisperRules,
  ...localRules,
};

/**
 * The one entry point for changing a session: checks permissions and rules, and returns either
 * the next state (with its version increased when anything changed) or a refusal. The input state is never modified,
 * and the next state shares every unchanged part with it (immer), so views and patches of
 * unchanged parts cost nothing.
 */
export const apply = (state: SessionState, intent: Intent, actor: Actor, now: number): ApplyResult => {
  const rule = (rules as Record<string, Rule<Intent> | undefined>)[intent.type];
  if (!rule) return { ok: false, error: refuse('unknown_event', `Unknown intent ${String(intent.type)}.`) };
  const draft = immer.createDraft(state);
  const refused = rule(draft, intent, actor, now);
  if (refused) return { ok: false, error: refused };
  let settled = immer.finishDraft(draft) as SessionState;
  if (channelsToSettle(settled)) {
    const again = immer.createDraft(settled);
    settleChannels(again, now);
    settled = immer.finishDraft(again) as SessionState;
  }
  const next = settleHolders(settled);
  // An intent that changed nothing (an ignored request, a timed step not yet due) keeps the version.
  if (next === state) return { ok: true, state };
  const entries = chronicle(state, next, intent.type, now);
  const chronicled = entries === next.chronicle ? next : { ...next, chronicle: entries };
  return { ok: true, state: { ...chronicled, version: state.version + 1 } };
};
