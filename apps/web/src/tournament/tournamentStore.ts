import type { TournamentAnswer } from '@belfry/protocol';
import { create } from 'zustand';
import { toAppError } from '../api/appError';
import { getTournament } from './tournamentApi';
import { withVote } from './tournamentRules';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'failed';

interface TournamentState {
  answer: TournamentAnswer | null;
  status: LoadStatus;
  /** Server time minus this browser's, from the last answer (states and countdowns use server time). */
  offsetMs: number;
  loadedAt: number;
  /** The account the answer was read as ('' for anonymous): a different one reads again. */
  readAs: string;
}

export const useTournamentStore = create<TournamentState>(() => ({
  answer: null,
  status: 'idle',
  offsetMs: 0,
  loadedAt: 0,
  readAs: '',
}));

/** An answer younger than this is reused when another tournament page opens. */
const FRESH_MS = 30_000;

let inFlight: Promise<void> | null = null;

/** Reads the tournament (again); keeps the last answer on screen while a reload runs or fails. */
export const loadTournament = (readAs: string, force = false): Promise<void> => {
  const state = useTournamentStore.getState();
  const fresh = state.answer !== null && state.readAs === readAs && Date.now() - state.loadedAt < FRESH_MS;
  if (fresh && !force) return Promise.resolve();
  if (inFlight) return inFlight;
  useTournamentStore.setState({ status: state.answer && state.readAs === readAs ? state.status : 'loading' });
  if (state.readAs !== readAs) useTournamentStore.setState({ answer: null, readAs });
  inFlight = getTournament()
    .then(
      (answer) =>
        useTournamentStore.setState({
          answer,
          status: 'ready',
          offsetMs: answer.serverTime - Date.now(),
          loadedAt: Date.now(),
          readAs,
        }),
      (error: unknown) => {
        const missing = toAppError(error).code === 'not_found';
        useTournamentStore.setState((current) => ({
          status: missing ? 'missing' : current.answer ? current.status : 'failed',
          answer: missing ? null : current.answer,
        }));
      },
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
};

/** After an accepted vote: the caller's choice on that match, as the server answered it. */
export const recordVote = (match: number, choice: number | null) =>
  useTournamentStore.setState((state) => ({ answer: state.answer && withVote(state.answer, match, choice) }));
