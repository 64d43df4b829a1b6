import type { MatchAnswer, TournamentAnswer } from '@belfry/protocol';
import type { TFunction } from 'i18next';
import { remainingParts } from './tournamentRules';

/** "Match 7", "Quarter final 2", "Semi final 1", "Final" (a second final-stage match: "Final 2"). */
export const matchTitle = (t: TFunction, match: Pick<MatchAnswer, 'index' | 'stage'>): string => {
  switch (match.stage) {
    case 'group':
      return t('tournament.match.group_title', { number: match.index + 1 });
    case 'quarter':
      return t('tournament.match.quarter_title', { number: match.index - 37 });
    case 'semi':
      return t('tournament.match.semi_title', { number: match.index - 41 });
    default:
      return match.index === 44
        ? t('tournament.match.final_title')
        : t('tournament.match.final_n_title', { number: match.index - 43 });
  }
};

/** The group both scripts play in ("Group B"), or null (a knockout match mixes groups). */
export const matchGroup = (answer: TournamentAnswer, match: MatchAnswer): string | null => {
  if (match.stage !== 'group') return null;
  const [a, b] = match.scripts.map((index) => answer.scripts[index]?.group);
  return a !== undefined && a === b ? a : null;
};

/** Points as the standings show them: one decimal, in the reader's language. */
export const formatPoints = (language: string, points: number): string =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(points);

export const formatTime = (language: string, time: number): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(time);

/** The time left on an open vote, in its two largest units. */
export const formatRemaining = (t: TFunction, ms: number): string => {
  const { days, hours, minutes, seconds } = remainingParts(ms);
  if (days > 0) return t('tournament.remaining.days', { days, hours });
  if (hours > 0) return t('tournament.remaining.hours', { hours, minutes });
  if (minutes > 0) return t('tournament.remaining.minutes', { minutes, seconds });
  return t('tournament.remaining.seconds', { seconds });
};
