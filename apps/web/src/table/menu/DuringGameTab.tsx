import {
  BUILT_IN_HAND_ICONS,
  isLocalGame,
  PHASE_UNDO_WINDOW_MS,
  POWERFUL_HAND_ICONS,
  type SessionView,
} from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { isViewerStoryteller } from '../../session/sessionRules';
import { showUsersList } from '../../people';
import { GameIcon } from '../../ui/icons/GameIcon';
import { handIconName, UI_ICONS } from '../../ui/icons/iconNames';
import { useIsPending } from '../../session/sessionStore';
import { openVoteHistory } from '../../vote';
import { raiseHand, setPrivateCams, soundGong, toggleNight } from '../../session/gameActions';
import { scriptCharacters } from '../../characters/catalogue';
import { openGameDialog, setHandIcon, setMenuOpen, toggleTownSquare, useGameUi } from '../../session/gameUiStore';
import { useServerNow } from '../../time/serverTime';
import { hasWhisperQueue, openWhispers, setNightPing, useNightPing } from '../../chat';
import { cycleTab, nightTabNow, showsNightOrder, showsSheet, usePlayerSettings } from '../../script';
import { MenuItem } from './MenuItem';
import { useShortcutHint } from './useShortcutHint';

export function DuringGameTab({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const hint = useShortcutHint();
  const storyteller = isViewerStoryteller(view);
  const isTownSquare = useGameUi((state) => state.isTownSquare);
  const handIcon = useGameUi((state) => state.handIcon);
  const nightPending = useIsPending('toggle-night');
  const gongPending = useIsPending('gong');
  const handPending = useIsPending('raise-hand');
  const nightPing = useNightPing((state) => state.on);
  const now = useServerNow(storyteller, 500);
  const revealing = view.hook?.name === 'reveal-grimoire' ? t('game.menu.revealing') : null;
  const close = () => setMenuOpen(false);
  const raised = view.raisedHands[view.viewer.id];
  const seated = view.viewer.seat >= 0;
  const handReason = !seated ? t('game.hand.not_seated') : view.vote.nomination ? t('game.hand.during_vote') : null;
  const powerful = view.users[view.viewer.id]?.flags.includes('powerful') ?? false;
  // An emote the catalogue does not name yet shows its id rather than a raw key.
  const handLabel = (icon: string) =>
    icon.startsWith('role:')
      ? icon.slice(5)
      : icon.startsWith('emote:')
        ? t(`game.hand.emote.${icon.slice(6)}`, { defaultValue: icon.slice(6) })
        : t(`game.hand.icon.${icon}`);
  const icons: string[] = [
    ...BUILT_IN_HAND_ICONS,
    ...(view.users[view.viewer.id]?.emotes ?? []).map((name) => `emote:${name}`),
    ...(powerful ? [...POWERFUL_HAND_ICONS, ...scriptCharacters(view).map((role) => `role:${role.id}`)] : []),
  ];

  // Spec 1 §4: within 10 s of the last phase change the toggle undoes it.
  const last = view.game.history.at(-1);
  const undoLeft =
    view.game.isRunning && last?.type === 'phase' ? PHASE_UNDO_WINDOW_MS - (now - view.game.lastPhase) : 0;
  const nightReason = view.vote.nomination
    ? t('game.menu.night_nomination')
    : view.pointing
      ? t('game.menu.night_pointing')
      : null;

  return (
    <>
      <ul className="menu-list">
        <MenuItem
          icon={UI_ICONS.whisper}
          label={t('game.menu.whisper')}
          onClick={() => {
            close();
            openWhispers();
          }}
          disabledReason={revealing ?? (hasWhisperQueue(view) ? null : t('whisper.spectators'))}
          testId="menu-whisper"
        />
        {view.viewer.seat >= 0 && (
          <MenuItem
            icon={UI_ICONS.whisper}
            label={t('whisper.night_ping')}
            onClick={() => setNightPing(!nightPing)}
            pressed={nightPing}
            testId="menu-night-ping"
          />
        )}
        <MenuItem
          icon={handIconName(handIcon)}
          label={t(raised ? 'game.hand.lower' : 'game.hand.raise')}
          onClick={() => void raiseHand(raised ? null : handIcon)}
          disabledReason={revealing ?? handReason}
          pressed={Boolean(raised)}
          pending={handPending}
          shortcut={t('game.menu.space')}
          testId="raise-hand"
        />
      </ul>
      <div className="hand-icons" role="group" aria-label={t('game.hand.icons')}>
        {icons.map((icon) => (
          <button
            key={icon}
            type="button"
            className={`hand-icon ${handIcon === icon ? 'hand-icon--chosen' : ''} ${raised === icon ? 'hand-icon--raised' : ''}`}
            aria-pressed={handIcon === icon}
            aria-label={handLabel(icon)}
            title={handLabel(icon)}
            onClick={() => {
              setHandIcon(icon);
              if (seated && !handReason) void raiseHand(icon);
            }}
            data-testid={`hand-icon-${icon.replace(':', '-')}`}
          >
            <GameIcon name={handIconName(icon)} />
          </button>
        ))}
      </div>
      <ul className="menu-list">
        {view.seats.length > 0 && (
          <MenuItem
            icon={isTownSquare ? UI_ICONS.reveal : UI_ICONS.gather}
            label={
              view.viewer.grimoireAccess
                ? t(isTownSquare ? 'game.menu.to_grimoire' : 'game.menu.to_town_square')
                : t(isTownSquare ? 'game.menu.show_own' : 'game.menu.hide_own')
            }
            onClick={() => {
              toggleTownSquare();
              close();
            }}
            shortcut={hint('townSquare')}
            testId="town-square-toggle"
          />
        )}
        {storyteller && (
          <MenuItem
            icon={view.game.isNight ? UI_ICONS.day : UI_ICONS.night}
            label={
              undoLeft > 0
                ? t(view.game.isNight ? 'game.menu.undo_night' : 'game.menu.undo_day', {
                    count: Math.ceil(undoLeft / 1000),
                  })
                : t(view.game.isNight ? 'game.menu.to_day' : 'game.menu.to_night')
            }
            onClick={() => void toggleNight()}
            disabledReason={revealing ?? nightReason}
            pending={nightPending}
            shortcut={hint('night')}
            testId="toggle-night"
          />
        )}
        {storyteller && (
          <MenuItem
            icon={UI_ICONS.pointing}
            label={t('game.menu.pointing')}
            onClick={() => openGameDialog({ kind: 'pointing' })}
            disabledReason={
              revealing ??
              (view.pointing
                ? t('game.menu.pointing_active')
                : view.vote.nomination
                  ? t('game.menu.night_nomination')
                  : null)
            }
            testId="start-pointing"
          />
        )}
        {storyteller && !isLocalGame(view) && (
          <MenuItem
            icon={UI_ICONS.peekEyes}
            label={t('voice.private_cams')}
            onClick={() => void setPrivateCams(!view.hiddenPrivateCams)}
            pressed={view.hiddenPrivateCams === true}
            testId="menu-private-cams"
          />
        )}
        {storyteller && (
          <MenuItem
            icon={UI_ICONS.gong}
            label={t(view.game.isNight ? 'game.menu.gong' : 'game.menu.recall')}
            onClick={() => {
              close();
              void soundGong();
            }}
            disabledReason={revealing ?? (view.hook ? t('game.menu.hook_active') : null)}
            pending={gongPending}
            shortcut={hint('gong')}
            testId="gong"
          />
        )}
        {storyteller && (
          <MenuItem
            icon={UI_ICONS.timer}
            label={t('game.menu.timer')}
            onClick={() => openGameDialog({ kind: 'timer' })}
            disabledReason={revealing}
            shortcut={hint('timer')}
            testId="set-timer"
          />
        )}
        {showsSheet(view) && (
          <MenuItem
            icon={UI_ICONS.sheet}
            label={t('game.menu.character_sheet')}
            onClick={() => {
              close();
              cycleTab('sheet');
            }}
            shortcut={hint('sheet')}
            testId="menu-sheet"
          />
        )}
        {showsNightOrder(view, usePlayerSettings.getState().isPlayerNightOrder) && (
          <MenuItem
            icon={UI_ICONS.night}
            label={t('game.menu.night_sheet')}
            onClick={() => {
              close();
              cycleTab(nightTabNow(view));
            }}
            shortcut={hint('nightOrder')}
            testId="menu-night-sheet"
          />
        )}
        {(storyteller || view.viewer.grimoireAccess) && (
          <MenuItem
            icon={UI_ICONS.vote}
            label={t('game.menu.vote_history')}
            onClick={() => {
              close();
              openVoteHistory();
            }}
            testId="menu-vote-history"
          />
        )}
        {/* A local game has nobody else: no people list (spec 1 §1). */}
        {!isLocalGame(view) && (
          <MenuItem
            icon={UI_ICONS.users}
            label={t('game.menu.users')}
            onClick={() => {
              close();
              showUsersList();
            }}
            testId="show-users"
          />
        )}
      </ul>
    </>
  );
}
