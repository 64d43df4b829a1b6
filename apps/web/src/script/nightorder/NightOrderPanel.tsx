import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../chat';
import { isViewerStoryteller } from '../../session/sessionRules';
import { GameIcon } from '../../ui/icons/GameIcon';
import { TEAM_ICONS, UI_ICONS } from '../../ui/icons/iconNames';
import { RoleBadge } from '../sheet/CharacterSheet';
import { editionRoles } from '../sheet/sheetData';
import { nightOrder, type NightKind, type NightMarker, type NightPlayer } from './nightOrder';
import { toggleNightRole, useNightOrderStore } from './nightOrderStore';
import { useRoleText } from '../../characters/contentTexts';

const MARKER_NAMES: Record<NightMarker, string> = {
  dusk: 'nightorder.marker.dusk',
  minioninfo: 'nightorder.marker.minioninfo',
  demoninfo: 'nightorder.marker.demoninfo',
  dawn: 'nightorder.marker.dawn',
};

const VIA_NAMES: Record<NonNullable<NightPlayer['via']>, string> = {
  cannibal: 'nightorder.via.cannibal',
  pixie: 'nightorder.via.pixie',
};

const MARKER_ICONS: Record<NightMarker, string> = {
  dusk: UI_ICONS.night,
  minioninfo: TEAM_ICONS.minion!,
  demoninfo: TEAM_ICONS.demon!,
  dawn: UI_ICONS.day,
};

/**
 * Spec 3 §4 Night order tabs: the night's order with the dusk, minion info, demon info and dawn
 * markers; a click on a token toggles its visibility (default: shown when the role has players or
 * is fabled); at night the Storyteller opens the signal dialogue by clicking a player's name.
 */
export function NightOrderPanel({
  view,
  kind,
  detail,
}: {
  view: SessionView;
  kind: NightKind;
  detail: 'mid' | 'open';
}) {
  const { t } = useTranslation();
  const toggles = useNightOrderStore((state) => state.toggles);
  const roleText = useRoleText();
  // Shown in the reader's language: the night order reads names and reminders from these roles.
  const entries = nightOrder(
    {
      roles: editionRoles(view).map(roleText.role),
      seats: view.seats.map((seat) => ({ ...seat, role: roleText.role(seat.role) })),
      fabled: view.fabled.map(roleText.role),
      toggles,
    },
    kind,
  );
  const canSignal = isViewerStoryteller(view) && view.game.isNight;

  const playerName = (player: NightPlayer): string =>
    (player.id ? view.users[player.id]?.username : undefined) ||
    view.seats[player.index]?.name ||
    t('nightorder.seat', { number: player.index + 1 });

  return (
    <ol className={`night-order night-order--${detail}`} data-testid="night-order" data-kind={kind}>
      {entries.map((entry) => {
        if (entry.marker) {
          return (
            <li
              key={entry.key}
              className="night-entry night-entry--marker"
              data-testid={`night-marker-${entry.marker}`}
            >
              <span className={`night-marker night-marker--${entry.marker}`} aria-hidden="true">
                <GameIcon name={MARKER_ICONS[entry.marker]} />
              </span>
              <div className="night-entry__text">
                <span className="night-entry__name">{t(MARKER_NAMES[entry.marker])}</span>
                {detail === 'open' && <span className="night-entry__reminder">{roleText.night(entry.marker)}</span>}
              </div>
            </li>
          );
        }
        const role = entry.role!;
        return (
          <li
            key={entry.key}
            className={`night-entry ${entry.visible ? '' : 'night-entry--hidden'}`}
            data-testid={`night-entry-${role.id}`}
            data-visible={entry.visible}
          >
            <button
              type="button"
              className="night-entry__toggle"
              onClick={() => toggleNightRole(role.id, entry.visible)}
              aria-pressed={entry.visible}
              aria-label={t(entry.visible ? 'nightorder.hide' : 'nightorder.show', { name: role.name })}
              title={t(entry.visible ? 'nightorder.hide' : 'nightorder.show', { name: role.name })}
              data-testid={`night-toggle-${role.id}`}
            >
              <RoleBadge role={role} />
            </button>
            <div className="night-entry__text">
              <span className="night-entry__name">{role.name}</span>
              {entry.players.length > 0 && (
                <span className="night-entry__players">
                  {entry.players.map((player) => {
                    const label = player.via
                      ? t('nightorder.player_via', { name: playerName(player), role: t(VIA_NAMES[player.via]) })
                      : playerName(player);
                    return canSignal && player.id ? (
                      <button
                        key={`${player.index}-${player.via ?? ''}`}
                        type="button"
                        className="night-entry__player night-entry__player--link"
                        onClick={() => useChatStore.setState({ signalTarget: player.id })}
                        title={t('nightorder.signal', { name: playerName(player) })}
                        data-testid={`night-player-${player.index}`}
                      >
                        {label}
                      </button>
                    ) : (
                      <span
                        key={`${player.index}-${player.via ?? ''}`}
                        className="night-entry__player"
                        data-testid={`night-player-${player.index}`}
                      >
                        {label}
                      </span>
                    );
                  })}
                </span>
              )}
              {detail === 'open' && entry.visible && entry.text && (
                <span className="night-entry__reminder">{entry.text}</span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
