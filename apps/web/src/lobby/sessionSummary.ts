import type { SessionListItem } from '@belfry/protocol';

export interface SessionSummary {
  code: string;
  name: string;
  language: string;
  storyteller: string | null;
  seated: number;
  seats: number;
  spectators: number;
  phase: PhaseLabel;
}

/** An i18n key with its count, so the label is translated where it is shown. */
export interface PhaseLabel {
  key: 'phase.waiting' | 'phase.start' | 'phase.night' | 'phase.day';
  count: number;
}

/** Spec 1 §4 "Phases": odd phases are nights (number ⌈phase/2⌉), even ones days (phase/2), 0 the start. */
export const phaseLabel = (isRunning: boolean, phase: number): PhaseLabel => {
  if (!isRunning) return { key: 'phase.waiting', count: 0 };
  if (phase <= 0) return { key: 'phase.start', count: 0 };
  return phase % 2 === 1 ? { key: 'phase.night', count: Math.ceil(phase / 2) } : { key: 'phase.day', count: phase / 2 };
};

/** One lobby row: the list item reduced to what the table shows. */
export const summarizeSession = (item: SessionListItem): SessionSummary => {
  const usernames = new Map(item.usersAll.map((user) => [user.id, user.username]));
  const storytellerId = item.storytellers[0]?.id;
  const playerIds = new Set(item.players.map((p) => p.id).filter(Boolean));
  const storytellerIds = new Set(item.storytellers.map((st) => st.id));
  return {
    code: item.name,
    name: item.name,
    language: item.language,
    storyteller: storytellerId ? (usernames.get(storytellerId) ?? null) : null,
    seated: playerIds.size,
    seats: item.players.length,
    spectators: item.usersAll.filter((u) => u.isOnline && !playerIds.has(u.id) && !storytellerIds.has(u.id)).length,
    phase: phaseLabel(item.isRunning, item.phase),
  };
};
