import {
  BUILT_IN_HAND_ICONS,
  isLocalGame,
  PHASE_UNDO_WINDOW_MS,
  POWERFUL_HAND_ICONS,
  type SessionView,
} from '@belfry/engine';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logoutAndLeave } from '../app/account';
import { isViewerStoryteller } from '../grimoire/sessionRules';
import { showUsersList } from '../grimoire/usersListFocus';
import { GameIcon } from '../icons/GameIcon';
import { handIconName, UI_ICONS } from '../icons/iconNames';
import { leaveSession } from '../session/sessionController';
import { useIsPending } from '../session/sessionStore';
import { playSound } from '../sound/synth';
import { openVoteHistory } from '../vote/voteStore';
import { setMasterVolume, setSoundVolume, useSoundStore } from '../sound/soundStore';
import type { SoundName } from '../sound/volume';
import { clearGrimoire, raiseHand, soundGong, startGame, toggleFullscreen, toggleNight } from './actions';
import { scriptCharacters } from './catalogue';
import {
  openGameDialog,
  setHandIcon,
  setMenuOpen,
  setMenuTab,
  showRules,
  toggleMode,
  toggleTownSquare,
  useGameUi,
  type MenuTab,
} from './gameUiStore';
import { useServerNow } from './serverTime';
import { openWhispers } from '../chat/chatStore';
import { setNightPing, useNightPing } from '../chat/nightPing';
import { hasWhisperQueue } from '../chat/whispers';
import { bagSeats, MIN_DISTRIBUTION_PLAYERS } from './distributionPick';
import { SCRIPT_SCHEMA_URL } from '../edition/editionChoices';
import { openEditionPicker } from '../edition/editionStore';
import { bluffsVisible } from '../fabled/fabledRules';
import { openFabledDialog } from '../fabled/fabledStore';
import { usePlayerSettings } from '../sheet/playerSettings';
import { cycleTab, nightTabNow, showsNightOrder, showsSheet } from '../sheet/sideTabs';

const TABS: MenuTab[] = ['playing', 'game', 'app'];

/** Spec 1 §2 Main menu: the gear in the top bar opens it, with the Playing, During-game and App tabs. */
export function GameMenu({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const open = useGameUi((state) => state.menuOpen);
  const tab = useGameUi((state) => state.menuTab);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // Escape or a click elsewhere closes it; focus goes back to the gear.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (anchor.current && !anchor.current.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setMenuTab(next);
    document.getElementById(`${panelId}-${next}`)?.focus();
  };

  return (
    <div className="game-menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className={`icon-button ${open ? 'icon-button--on' : ''}`}
        onClick={() => setMenuOpen(!open)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('game.menu.open')}
        title={t('game.menu.open')}
        data-testid="open-menu"
      >
        <GameIcon name={UI_ICONS.menu} />
      </button>
      {open && (
        <div className="game-menu" id={panelId} data-testid="game-menu" role="dialog" aria-label={t('game.menu.title')}>
          <div className="game-menu__tabs" role="tablist" aria-label={t('game.menu.title')} onKeyDown={onTabKey}>
            {TABS.map((name) => (
              <button
                key={name}
                id={`${panelId}-${name}`}
                type="button"
                role="tab"
                className="game-menu__tab"
                aria-selected={tab === name}
                tabIndex={tab === name ? 0 : -1}
                onClick={() => setMenuTab(name)}
                data-testid={`menu-tab-${name}`}
              >
                {t(`game.menu.tab_${name}`)}
              </button>
            ))}
          </div>
          <div className="game-menu__panel" role="tabpanel" aria-labelledby={`${panelId}-${tab}`}>
            {tab === 'playing' && <PlayingTab view={view} />}
            {tab === 'game' && <DuringGameTab view={view} />}
            {tab === 'app' && <AppTab />}
          </div>
        </div>
      )}
    </div>
  );
}

interface MenuItemProps {
  icon?: string;
  label: string;
  onClick?: () => void;
  /** Why it cannot be used now: shown as a tooltip; the item stays focusable. */
  disabledReason?: string | null;
  shortcut?: string;
  pressed?: boolean;
  pending?: boolean;
  testId?: string;
  danger?: boolean;
  children?: ReactNode;
}

function MenuItem({ icon, label, onClick, disabledReason, shortcut, pressed, pending, testId, danger }: MenuItemProps) {
  const hintId = useId();
  const disabled = Boolean(disabledReason);
  return (
    <li className={`menu-item-host ${disabled ? 'tooltip-host tooltip-host--left' : ''}`}>
      <button
        type="button"
        className={`menu-item ${danger ? 'menu-item--danger' : ''} ${pressed ? 'menu-item--on' : ''}`}
        aria-disabled={disabled || undefined}
        aria-describedby={disabled ? hintId : undefined}
        aria-pressed={pressed}
        disabled={pending}
        onClick={(event) => {
          if (disabled) {
            event.preventDefault();
            return;
          }
          onClick?.();
        }}
        data-testid={testId}
      >
        <span className="menu-item__icon" aria-hidden="true">
          {icon && <GameIcon name={icon} />}
        </span>
        <span className="menu-item__label">{label}</span>
        {shortcut && <kbd className="menu-item__key">{shortcut}</kbd>}
      </button>
      {disabled && (
        <span className="tooltip" role="tooltip" id={hintId}>
          {disabledReason}
        </span>
      )}
    </li>
  );
}

function PlayingTab({ view }: { view: SessionView }) {
  const { t } = useTranslation();
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
            shortcut="1"
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
            shortcut="2"
            testId="menu-edition"
          />
          <MenuItem
            icon={UI_ICONS.fabled}
            label={t('game.menu.fabled')}
            onClick={() => openFabledDialog({ kind: 'fabled' })}
            disabledReason={revealing}
            shortcut="4"
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
        shortcut="3"
        testId="menu-rules"
      />
      {storyteller && (
        <MenuItem
          icon={UI_ICONS.evil}
          label={t('game.menu.end')}
          onClick={() => openGameDialog({ kind: 'end-game' })}
          disabledReason={view.hook ? t('game.menu.hook_active') : null}
          pending={endPending}
          shortcut="g"
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

function DuringGameTab({ view }: { view: SessionView }) {
  const { t } = useTranslation();
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
  const icons: string[] = [
    ...BUILT_IN_HAND_ICONS,
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
            aria-label={icon.startsWith('role:') ? icon.slice(5) : t(`game.hand.icon.${icon}`)}
            title={icon.startsWith('role:') ? icon.slice(5) : t(`game.hand.icon.${icon}`)}
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
            shortcut="t"
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
            shortcut="n"
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
            shortcut="r"
            testId="gong"
          />
        )}
        {storyteller && (
          <MenuItem
            icon={UI_ICONS.timer}
            label={t('game.menu.timer')}
            onClick={() => openGameDialog({ kind: 'timer' })}
            disabledReason={revealing}
            shortcut="z"
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
            shortcut="c"
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
            shortcut="o"
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

const VOLUME_SOUNDS: SoundName[] = ['attentionGong', 'timerGong'];

function AppTab() {
  const { t } = useTranslation();
  const volumes = useSoundStore();
  const soon = t('common.coming_soon');
  return (
    <>
      <ul className="menu-list">
        <MenuItem
          icon={UI_ICONS.fullscreen}
          label={t('game.menu.fullscreen')}
          onClick={toggleFullscreen}
          shortcut="f"
          testId="fullscreen-toggle"
        />
      </ul>
      <fieldset className="volumes">
        <legend className="volumes__title">{t('game.sound.title')}</legend>
        <Volume
          label={t('game.sound.master')}
          value={volumes.master}
          onChange={setMasterVolume}
          testId="volume-master"
        />
        {VOLUME_SOUNDS.map((sound) => (
          <Volume
            key={sound}
            label={t(`game.sound.${sound}`)}
            value={volumes.sounds[sound] ?? 1}
            onChange={(value) => setSoundVolume(sound, value)}
            onTest={() => playSound(sound)}
            testId={`volume-${sound}`}
          />
        ))}
      </fieldset>
      <ul className="menu-list">
        <MenuItem icon={UI_ICONS.menu} label={t('game.menu.settings')} disabledReason={soon} testId="menu-settings" />
        <MenuItem icon={UI_ICONS.help} label={t('game.menu.help')} disabledReason={soon} testId="menu-help" />
        <MenuItem
          icon={UI_ICONS.rules}
          label={t('game.menu.schema')}
          onClick={() => {
            setMenuOpen(false);
            window.open(SCRIPT_SCHEMA_URL, '_blank', 'noopener');
          }}
          testId="menu-schema"
        />
        <MenuItem
          icon={UI_ICONS.leave}
          label={t('game.menu.logout')}
          onClick={() => void logoutAndLeave()}
          testId="menu-logout"
        />
      </ul>
    </>
  );
}

interface VolumeProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  onTest?: () => void;
  testId: string;
}

function Volume({ label, value, onChange, onTest, testId }: VolumeProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="volume">
      <label htmlFor={id} className="volume__label">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={0.1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="volume__slider"
        data-testid={testId}
      />
      <span className="volume__value">{value === 0 ? t('game.sound.muted') : `${Math.round(value * 100)} %`}</span>
      {onTest && (
        <button
          type="button"
          className="button button--tiny button--ghost"
          onClick={onTest}
          data-testid={`${testId}-test`}
        >
          {t('game.sound.test')}
        </button>
      )}
    </div>
  );
}
