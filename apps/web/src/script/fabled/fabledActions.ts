import type { Role } from '@belfry/engine';
import { setSeatFlag } from '../../session/gameActions';
import { sendAction } from '../../session/sessionController';
import { votelessSeats } from './fabledRules';

export const addFabled = (role: Role): Promise<boolean> =>
  sendAction('fabled', `fabled-${role.id}`, 'fabled', { action: 'add', role });

export const removeFabled = (id: string): Promise<boolean> =>
  sendAction('fabled', `fabled-${id}`, 'fabled', { action: 'remove', id });

export const setBluffs = (bluffs: (Role | null)[]): Promise<boolean> =>
  sendAction('bluffs', 'bluffs', 'bluffs', { bluffs });

/** Spec 3 §4 Fabled abilities: clearing ghost votes gives every voteless player their vote back. */
export const clearGhostVotes = async (seats: Parameters<typeof votelessSeats>[0]): Promise<void> => {
  for (const index of votelessSeats(seats)) await setSeatFlag(index, 'isVoteless', false);
};
