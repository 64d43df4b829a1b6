import type { SessionView } from '@belfry/engine';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GameIcon } from '../../ui/icons/GameIcon';
import { UI_ICONS } from '../../ui/icons/iconNames';
import { setMenuOpen, setMenuTab, useGameUi, type MenuTab } from '../../session/gameUiStore';
import { AppTab } from './AppTab';
import { DuringGameTab } from './DuringGameTab';
import { PlayingTab } from './PlayingTab';

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
