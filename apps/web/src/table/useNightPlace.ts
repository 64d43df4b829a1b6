import type { SessionView } from '@belfry/engine';
import { useMemo } from 'react';
import { currentNightKind, nightPlaces } from '../script';
import { useSettings } from '../settings';

/**
 * Settings → night order on tokens (spec 3 §3 isNightOrder): a character's place in the coming night
 * (the first night until it has passed, then the other nights), for viewers who see the grimoire.
 */
export const useNightPlace = (view: SessionView, roleId: string | undefined): number | undefined => {
  const on = useSettings((settings) => settings.isNightOrder);
  const places = useMemo(
    () =>
      on && view.viewer.grimoireAccess
        ? nightPlaces(
            { roles: [], seats: view.seats, fabled: view.fabled, toggles: {} },
            currentNightKind(view.game.phase),
          )
        : null,
    [on, view.viewer.grimoireAccess, view.seats, view.fabled, view.game.phase],
  );
  return roleId === undefined ? undefined : places?.get(roleId);
};
