import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { isViewerStoryteller } from '../../session/sessionRules';
import { UI_ICONS } from '../../ui/icons/iconNames';
import { leaveSession } from '../../session/sessionController';
import { useIsPending } from '../../session/sessionStore';
import { clearGrimoire, startGame } from '../../session/gameActions';
import { openGameDialog, setMenuOpen, showRules, toggleMode, useGameUi } from '../../session/gameUiStore';
import { bagSeats, MIN_DISTRIBUTION_PLAYERS } from '../../characters/distributionPick';
import { bluffsVisible, openEditionPicker, openFabledDialog } from '../../script';
import { MenuItem } from './MenuItem';
import { useShortcutHint } from './useShortcutHint';

export function PlayingTab({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const hint = useShortcutHint();
  const storyteller = isViewerStoryteller(view);
  const mode = useGameUi((state) => state.mode);
  const startPending = useIsPending('start-game');
  const endPending = useIsPending('end-game');
  const players = bagSeats(view.seats).length;
  const close = () => setMenuOpen(false);
  // Spec 1 §2: the reveal leaves only audio, settings, leave and fullscreen.
  const revealing = view.hook?.name === 'reveal-grimoire' ? t('game.menu.revealing') : null;
  return (
    <ul className="menu-list">
      {storyteller && (
        <>
          <MenuItem
            icon={UI_ICONS.start}
            label={t(view.game.isRunning ? 'game.menu.start_again' : 'game.menu.start')}
            onClick={() => {
              close();
              void startGame();
            }}
            disabledReason={revealing ?? (view.hook ? t('game.menu.hook_active') : null)}
            pending={startPending}
            testId="start-game"
          />
          <MenuItem
            icon={UI_ICONS.reveal}
            label={t('game.menu.hand_out')}
            onClick={() => openGameDialog({ kind: 'hand-out' })}
            disabledReason={
              revealing ??
              (players < MIN_DISTRIBUTION_PLAYERS
                ? t('game.menu.hand_out_min', { count: MIN_DISTRIBUTION_PLAYERS })
                : null)
            }
            testId="hand-out-roles"
          />
          <MenuItem
            icon={UI_ICONS.gather}
            label={t('game.menu.gather')}
            pressed={mode === 'gather'}
            disabledReason={revealing}
            onClick={() => {
              toggleMode('gather');
              close();
            }}
            shortcut={hint('gather')}
            testId="gather-toggle"
          />
          <MenuItem
            icon={UI_ICONS.night}
            label={t('game.menu.first_night')}
            pressed={mode === 'firstnight'}
            disabledReason={revealing}
            onClick={() => {
              toggleMode('firstnight');
              close();
            }}
            testId="first-night-toggle"
          />
          <MenuItem
            icon={UI_ICONS.edition}
            label={t('game.menu.edition')}
            onClick={() => {
              close();
              openEditionPicker();
            }}
            disabledReason={revealing ?? (view.vote.nomination ? t('game.menu.night_nomination') : null)}
            shortcut={hint('edition')}
            testId="menu-edition"
          />
          <MenuItem
            icon={UI_ICONS.fabled}
            label={t('game.menu.fabled')}
            onClick={() => openFabledDialog({ kind: 'fabled' })}
            disabledReason={revealing}
            shortcut={hint('fabled')}
            testId="menu-fabled"
          />
          <MenuItem
            icon={UI_ICONS.evil}
            label={t('fabled.bluffs.menu')}
            onClick={() => openFabledDialog({ kind: 'bluff', slot: Math.max(0, view.bluffs.indexOf(null)) })}
            disabledReason={revealing ?? (bluffsVisible(view, false) ? null : t('fabled.bluffs.menu_hidden'))}
            testId="menu-bluffs"
          />
        </>
      )}
      {!storyteller && (
        <MenuItem
          icon={UI_ICONS.edition}
          label={t('game.menu.edition')}
          disabledReason={t('game.menu.storyteller_only')}
          testId="menu-edition"
        />
      )}
      <MenuItem
        icon={UI_ICONS.rules}
        label={t('game.menu.rules')}
        pressed={storyteller && mode === 'rules'}
        disabledReason={revealing}
        onClick={() => {
          close();
          showRules(storyteller);
        }}
        shortcut={hint('rules')}
        testId="menu-rules"
      />
      {storyteller && (
        <MenuItem
          icon={UI_ICONS.evil}
          label={t('game.menu.end')}
          onClick={() => openGameDialog({ kind: 'end-game' })}
          disabledReason={view.hook ? t('game.menu.hook_active') : null}
          pending={endPending}
          shortcut={hint('reveal')}
          testId="end-game"
        />
      )}
      <MenuItem
        icon={UI_ICONS.trash}
        label={t('game.menu.clear')}
        onClick={() => {
          close();
          void clearGrimoire();
        }}
        disabledReason={revealing ?? (storyteller ? null : t('game.menu.storyteller_only'))}
        danger
        testId="clear-grimoire"
      />
      <MenuItem
        icon={UI_ICONS.leave}
        label={t('grimoire.menu.leave')}
        onClick={() => {
          close();
          leaveSession();
        }}
        testId="menu-leave"
      />
    </ul>
  );
}
