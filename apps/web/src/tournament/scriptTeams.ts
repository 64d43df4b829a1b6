import { roleById } from '@belfry/content';
import type { Role, Team } from '@belfry/engine';

const TEAMS: readonly Team[] = ['townsfolk', 'outsider', 'minion', 'demon', 'traveller', 'fabled', 'loric'];

/** A tournament script's characters by team, in sheet order, the file's order kept within a team. */
export const scriptTeams = (ids: readonly string[]): { team: Team; roles: Role[] }[] => {
  const roles = ids.map(roleById).filter((role): role is Role => role !== undefined);
  return TEAMS.map((team) => ({ team, roles: roles.filter((role) => role.team === team) })).filter(
    (group) => group.roles.length > 0,
  );
};
