import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { GameIcon } from '../../ui/icons/GameIcon';
import { UI_ICONS } from '../../ui/icons/iconNames';
import { toggleMode } from '../../session/gameUiStore';
import { type RulesAudience, RulesText } from './RulesText';
import './Rules.css';

/**
 * Spec 1 §2 rules overlay (Storyteller, mode rules): the Storyteller's summary, with the players'
 * one a tab away (to read out or check what the table was told). Choosing rules again, the close
 * button or shortcut 3 returns to the grimoire.
 */
export function RulesOverlay() {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<RulesAudience>('storyteller');
  // Too much text for the circle's centre: it floats over the board (a portal, so no ancestor's
  // transform or overflow clips it), below the dialogues.
  return createPortal(
    <section className="rules-overlay" data-testid="rules-overlay" aria-labelledby="rules-overlay-title">
      <header className="rules-overlay__head">
        <GameIcon name={UI_ICONS.rules} className="rules-overlay__icon" />
        <h2 className="rules-overlay__title" id="rules-overlay-title">
          {t(`rules.${audience}.title`)}
        </h2>
      </header>
      <div className="rules-overlay__tabs" role="tablist" aria-label={t('rules.tabs')}>
        {(['storyteller', 'player'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={audience === tab}
            className={`rules-overlay__tab ${audience === tab ? 'rules-overlay__tab--on' : ''}`}
            onClick={() => setAudience(tab)}
            data-testid={`rules-tab-${tab}`}
          >
            {t(`rules.tab_${tab}`)}
          </button>
        ))}
      </div>
      <div className="rules-overlay__body" role="tabpanel">
        <RulesText audience={audience} />
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => toggleMode('rules')}
        data-testid="rules-close"
      >
        {t('rules.close')}
      </button>
    </section>,
    document.body,
  );
}
