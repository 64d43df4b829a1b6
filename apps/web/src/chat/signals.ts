import {
  distributionFor,
  isStoryteller,
  MAX_NON_TRAVELLERS,
  SIGNAL_CARDS,
  SIGNAL_LOG_OTHERS,
  SIGNAL_LOG_STORYTELLER,
  seatIndexOf,
  signalRefusal,
  type SessionView,
  type Signal,
  type SignalPart,
} from '@belfry/engine';

export type SignalCard = (typeof SIGNAL_CARDS)[number];

/** Cards that carry a choice: players, roles or a text. */
export const PLAYER_CARDS: readonly SignalCard[] = ['minions', 'demon', 'player'];
export const ROLE_CARDS: readonly SignalCard[] = ['bluffs', 'role'];
export const TEXT_CARDS: readonly SignalCard[] = ['custom'];
export const BLUFF_COUNT = 3;
export const CUSTOM_MAX_CHARS = 100;

const roleIdOf = (view: SessionView, userId: string): string | undefined =>
  view.seats[seatIndexOf(view, userId)]?.role?.id;

/**
 * Spec 3 §5 / spec 2 §3: every card of SIGNAL_CARDS, but neutral only for the General and
 * clockwise/anticlockwise only for the Shugenja (the recipient's character).
 */
export const availableCards = (view: SessionView, targetId: string): SignalCard[] => {
  const role = roleIdOf(view, targetId);
  return SIGNAL_CARDS.filter((card) => {
    if (card === 'neutral') return role === 'general';
    if (card === 'clockwise' || card === 'anticlockwise') return role === 'shugenja';
    return true;
  });
};

/** Spec 3 §5: the minion selection is limited to the minion count for the (non-traveller) player count. */
export const minionLimit = (view: Pick<SessionView, 'seats'>): number => {
  const players = view.seats.filter((seat) => seat.role?.team !== 'traveller').length;
  return distributionFor(Math.min(players, MAX_NON_TRAVELLERS))?.minion ?? 0;
};

/** How many choices a card takes at most (and for bluffs, exactly). */
export const choiceLimit = (view: Pick<SessionView, 'seats'>, card: string): number => {
  if (card === 'minions') return minionLimit(view);
  if (card === 'bluffs') return BLUFF_COUNT;
  if (card === 'demon') return 1;
  if (card === 'player' || card === 'role') return 20;
  return 0;
};

/** Adds or removes one choice, never beyond the card's limit. */
export const toggleChoice = (chosen: readonly string[], id: string, limit: number): string[] => {
  if (chosen.includes(id)) return chosen.filter((c) => c !== id);
  return chosen.length >= limit ? [...chosen] : [...chosen, id];
};

/** Whether one composed part is complete: bluffs exactly 3, minions up to the count, a text not empty. */
export const partProblem = (view: Pick<SessionView, 'seats'>, part: SignalPart): string | null => {
  const picked = Array.isArray(part.data) ? part.data.length : 0;
  if (part.id === 'bluffs' && picked !== BLUFF_COUNT) return 'bluffs';
  if (part.id === 'minions' && picked > minionLimit(view)) return 'minions';
  if (part.id === 'custom' && (typeof part.data !== 'string' || part.data.trim() === '')) return 'custom';
  return null;
};

/** The same judgement as the server's, plus the completeness of each part. */
export const signalProblem = (view: SessionView, to: string[], message: SignalPart[]): string | null => {
  if (message.length === 0) return 'empty';
  for (const part of message) {
    const problem = partProblem(view, part);
    if (problem) return problem;
  }
  return signalRefusal(view, view.viewer.id, to, message)?.message ?? null;
};

export type SignalWarning = 'warning_vortox' | 'warning_droison' | 'warning_dead';

/**
 * Spec 2 §4 Signals: warn of a Vortox in play (information must be false), a target drunk or
 * poisoned by a reminder, and a dead target.
 */
export const signalWarnings = (view: SessionView, targetId: string): SignalWarning[] => {
  const warnings: SignalWarning[] = [];
  if (view.seats.some((seat) => seat.role?.id === 'vortox')) warnings.push('warning_vortox');
  const seat = view.seats[seatIndexOf(view, targetId)];
  if (seat?.reminders.some((r) => /drunk|poison/i.test(r.name))) warnings.push('warning_droison');
  if (seat?.isDead) warnings.push('warning_dead');
  return warnings;
};

/** Spec 3 §5: the signal log shows the last 10 for the Storyteller and the last 3 for others (newest first). */
export const signalLog = (view: SessionView): Signal[] => {
  const limit = isStoryteller(view, view.viewer.id) ? SIGNAL_LOG_STORYTELLER : SIGNAL_LOG_OTHERS;
  return [...view.chat.signals].sort((a, b) => b.time - a.time).slice(0, limit);
};

/** Signals to the viewer not yet seen: the night-info icon's badge. */
export const unseenSignals = (view: SessionView): Signal[] =>
  view.chat.signals.filter((s) => s.to.includes(view.viewer.id) && !s.seenBy.includes(view.viewer.id));

/** The Storyteller signals seated players who are online. */
export const signalTargets = (view: SessionView): string[] =>
  view.seats.flatMap((seat) => (seat.id && view.users[seat.id]?.isOnline ? [seat.id] : []));

/** Players signal at night, to the online Storytellers. */
export const playerSignalRecipients = (view: SessionView): string[] =>
  view.storytellers.map((st) => st.id).filter((id) => view.users[id]?.isOnline);
