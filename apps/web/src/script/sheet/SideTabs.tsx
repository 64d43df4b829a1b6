import type { SessionView } from '@belfry/engine';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../ui/dialogs';
import { openFabledDialog } from '../fabled/fabledStore';
import { useGameUi } from '../../session/gameUiStore';
import { useShortcuts } from '../../session/useShortcuts';
import { noteHandOut } from '../nightorder/nightOrderStore';
import { NightOrderPanel } from '../nightorder/NightOrderPanel';
import { CharacterSheet } from './CharacterSheet';
import { isPopoutSupported, openPopout, popoutSize } from './popout';
import { usePlayerSettings } from './playerSettings';
import {
  cycleTab,
  nightTabNow,
  setSheetDocument,
  setTabState,
  showsNightOrder,
  showsSheet,
  useSideTabs,
  type SideTab,
} from './sideTabs';
import './Sheet.css';

const TAB_LABELS: Record<SideTab, string> = {
  sheet: 'sheet.tab',
  firstNight: 'nightorder.first',
  otherNight: 'nightorder.other',
};

/**
 * The tabs on the right edge of the game screen (spec 1 §2 right column tabs): the character sheet
 * and the first-night / other-nights order. Each cycles closed → mid → open → closed; one is shown at
 * a time. The character sheet can pop out into a Document Picture-in-Picture window.
 */
export function SideTabs({ view, hideNightOrder = false }: { view: SessionView; hideNightOrder?: boolean }) {
  const { t } = useTranslation();
  const tabs = useSideTabs((state) => state.tabs);
  const poppedOut = useSideTabs((state) => state.poppedOut);
  const playerNightOrder = usePlayerSettings((state) => state.isPlayerNightOrder);
  const mode = useGameUi((state) => state.mode);
  const sheetRef = useRef<HTMLDivElement>(null);
  const [popout, setPopout] = useState<{ window: Window; root: HTMLElement } | null>(null);

  // The public town-square view (Settings → advanced) leaves the night order out: it names who is in play.
  const nightShown = !hideNightOrder && showsNightOrder(view, playerNightOrder);
  const shown: SideTab[] = [
    ...(showsSheet(view) ? (['sheet'] as const) : []),
    ...(nightShown ? (['firstNight', 'otherNight'] as const) : []),
  ];
  const active = shown.find((tab) => tabs[tab] !== 'closed') ?? null;

  // Spec 3 §4: handing out roles resets the night order's visibility toggles.
  const hook = view.hook;
  useEffect(() => {
    if (hook && (hook.name === 'receive-role' || hook.name === 'distribute-roles')) noteHandOut(hook.since);
  }, [hook]);

  // Spec 3 §4: switching to the first-night mode sets that tab to mid.
  const lastMode = useRef(mode);
  useEffect(() => {
    if (mode === 'firstnight' && lastMode.current !== 'firstnight') setTabState('firstNight', 'mid');
    lastMode.current = mode;
  }, [mode]);

  // c: the character sheet; o: the night order of the coming or current night; 4: the fabled picker.
  useShortcuts((action, current) => {
    if (action === 'sheet' && showsSheet(current)) cycleTab('sheet');
    else if (
      action === 'nightOrder' &&
      !hideNightOrder &&
      showsNightOrder(current, usePlayerSettings.getState().isPlayerNightOrder)
    )
      cycleTab(nightTabNow(current));
    else if (action === 'fabled') openFabledDialog({ kind: 'fabled' });
    else return false;
    return true;
  });

  // The pop-out window: closing it (or toggling the tab) brings the sheet back into the tab.
  useEffect(() => {
    if (!popout) return;
    const back = () => setPopout(null);
    popout.window.addEventListener('pagehide', back);
    setSheetDocument(() => popout.window.document);
    useSideTabs.setState({ poppedOut: true, closePopout: () => popout.window.close() });
    return () => {
      popout.window.removeEventListener('pagehide', back);
      setSheetDocument(null);
      useSideTabs.setState({ poppedOut: false, closePopout: null });
    };
  }, [popout]);
  // Leaving the game closes it.
  useEffect(() => () => useSideTabs.getState().closePopout?.(), []);

  const popOut = async () => {
    const rect = sheetRef.current?.getBoundingClientRect();
    const height = sheetRef.current?.scrollHeight ?? 600;
    try {
      setPopout(await openPopout(popoutSize({ width: rect?.width ?? 480, height }), t('sheet.tab')));
    } catch {
      void showNotice('sheet.error_popout_title', 'sheet.error_popout');
    }
  };

  if (shown.length === 0) return null;

  return (
    <div className="side-tabs-host">
      <nav className="side-tabs" aria-label={t('sheet.tabs_label')}>
        {shown.map((tab) => (
          <button
            key={tab}
            type="button"
            className={`side-tab side-tab--${tabs[tab]} ${tab === 'sheet' && poppedOut ? 'side-tab--popped' : ''}`}
            onClick={() => cycleTab(tab)}
            aria-expanded={tabs[tab] !== 'closed'}
            data-state={tabs[tab]}
            data-testid={`side-tab-${tab}`}
          >
            <span className="side-tab__label">{t(TAB_LABELS[tab])}</span>
          </button>
        ))}
      </nav>
      {active && (
        <section
          className={`side-panel side-panel--${tabs[active]}`}
          aria-label={t(TAB_LABELS[active])}
          data-testid="side-panel"
          data-tab={active}
          data-state={tabs[active]}
        >
          <header className="side-panel__head">
            <h2 className="side-panel__title">{t(TAB_LABELS[active])}</h2>
            <button
              type="button"
              className="button button--tiny button--ghost"
              onClick={() => setTabState(active, tabs[active] === 'mid' ? 'open' : 'mid')}
              data-testid="side-panel-size"
            >
              {t(tabs[active] === 'mid' ? 'sheet.more' : 'sheet.less')}
            </button>
            <button
              type="button"
              className="icon-button side-panel__close"
              onClick={() => setTabState(active, 'closed')}
              aria-label={t('sheet.close')}
              title={t('sheet.close')}
              data-testid="side-panel-close"
            >
              ×
            </button>
          </header>
          <div className="side-panel__body">
            {active === 'sheet' &&
              (popout ? (
                <div className="sheet__popped">
                  <p>{t('sheet.popped_out')}</p>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => popout.window.close()}
                    data-testid="sheet-popin-tab"
                  >
                    {t('sheet.popin')}
                  </button>
                </div>
              ) : (
                <CharacterSheet
                  view={view}
                  detail={tabs.sheet === 'open' ? 'open' : 'mid'}
                  sheetRef={sheetRef}
                  onPopout={isPopoutSupported() ? () => void popOut() : undefined}
                />
              ))}
            {active === 'firstNight' && (
              <NightOrderPanel view={view} kind="first" detail={tabs.firstNight === 'open' ? 'open' : 'mid'} />
            )}
            {active === 'otherNight' && (
              <NightOrderPanel view={view} kind="other" detail={tabs.otherNight === 'open' ? 'open' : 'mid'} />
            )}
          </div>
        </section>
      )}
      {popout &&
        createPortal(<CharacterSheet view={view} detail="open" onPopin={() => popout.window.close()} />, popout.root)}
    </div>
  );
}
