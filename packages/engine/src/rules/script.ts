import { refuse } from '../errors';
import { nominationActive } from '../permissions';
import type { Role } from '../types';
import { normalizeTags } from './meta';
import { requireStoryteller, type RulesFor } from './rule';

const BOOTLEGGER: Role = { id: 'bootlegger', name: 'Bootlegger', team: 'loric' };
const DJINN: Role = { id: 'djinn', name: 'Djinn', team: 'fabled' };
export const MAX_SCRIPT_ROLES = 150;

/** Spec 3 §4 Choosing a script, Fabled, Bluffs. The script's content is checked by @belfry/content on the client and re-checked in shape by the protocol. */
export const scriptRules: RulesFor<'edition' | 'fabled' | 'bluffs'> = {
  /**
   * A new script: roles and fabled reset, custom/homebrew ids set, the Bootlegger added for homebrew
   * (removed otherwise); a non-beginner edition adjusts the difficulty tag (homebrew forces 1).
   */
  edition(draft, { edition, roles, jinxed }, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (nominationActive(draft)) return refuse('nomination_active', 'Not during a nomination.');
    if (roles.length > MAX_SCRIPT_ROLES)
      return refuse('bad_request', `A script has at most ${MAX_SCRIPT_ROLES} characters.`);
    const custom = edition.id === 'custom' || edition.id === 'homebrew';
    draft.edition = { ...edition, isOfficial: !custom };
    draft.script = custom ? roles.filter((r) => r.team !== 'fabled' && r.team !== 'loric') : [];
    for (const seat of draft.seats) {
      seat.role = null;
      seat.reminders = [];
    }
    draft.bluffs = [null, null, null];
    const scriptFabled = custom ? roles.filter((r) => r.team === 'fabled' || r.team === 'loric') : [];
    // Spec 3 §4: the Bootlegger comes with homebrew and the Djinn with a jinxed custom script.
    const automatic = (f: Role) => f.id !== 'bootlegger' && f.id !== 'djinn';
    draft.fabled = [
      ...scriptFabled.filter(automatic),
      ...(edition.id === 'homebrew' ? [BOOTLEGGER] : []),
      ...(custom && jinxed ? [DJINN] : []),
    ];
    draft.meta.tags = normalizeTags(draft.meta.tags, draft.edition);
  },

  fabled(draft, intent, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (intent.action === 'add') {
      if (intent.role.team !== 'fabled' && intent.role.team !== 'loric')
        return refuse('bad_request', 'Only fabled and loric characters.');
      if (draft.fabled.some((f) => f.id === intent.role.id))
        return refuse('bad_request', 'That one is in play already.');
      // Spec 3 §4: the Bootlegger entry is disabled when homebrew is in use (it comes with it).
      if (intent.role.id === 'bootlegger' && draft.edition.id === 'homebrew')
        return refuse('bad_request', 'The Bootlegger comes with homebrew.');
      draft.fabled.push(intent.role);
      return;
    }
    // Removal: the Storyteller's, and not for the entries the script itself requires.
    if (intent.id === 'bootlegger' && draft.edition.id === 'homebrew')
      return refuse('bad_request', 'Homebrew needs the Bootlegger.');
    if (!draft.fabled.some((f) => f.id === intent.id)) return refuse('not_found', 'That one is not in play.');
    draft.fabled = draft.fabled.filter((f) => f.id !== intent.id);
  },

  /** Three bluffs: no travellers, minions or demons, nor roles already in play. */
  bluffs(draft, { bluffs }, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (bluffs.length !== 3) return refuse('bad_request', 'Bluffs are three.');
    const inPlay = new Set(draft.seats.map((s) => s.role?.id).filter(Boolean));
    for (const bluff of bluffs) {
      if (!bluff) continue;
      if (bluff.team === 'traveller' || bluff.team === 'minion' || bluff.team === 'demon') {
        return refuse('bad_request', 'Bluffs are good characters.');
      }
      if (inPlay.has(bluff.id)) return refuse('bad_request', 'That character is in play.');
    }
    draft.bluffs = bluffs;
  },
};
