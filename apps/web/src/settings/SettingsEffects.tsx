import { useEffect } from 'react';
import { setEnglishNames } from '../characters/contentTexts';
import { setPositioningDisabled } from '../ui/useDraggablePanel';
import { PALETTES, paletteVariables } from './palettes';
import './Settings.css';
import { setSettings, useSettings, type Settings } from './settingsStore';

/** Spec 3 §5: token zoom x shows the tokens at 100 + 10x percent. */
export const tokenScale = (tokenZoom: number): number => 1 + tokenZoom / 10;

const VIDEO = /\.(mp4|webm)(\?|#|$)|^data:video\//i;

/** The page-wide custom properties the table's stylesheets read. */
const variables = (settings: Settings): string => {
  const vars: Record<string, string> = {
    ...paletteVariables(PALETTES[settings.colorblind] ?? PALETTES[0]!),
    '--settings-token-zoom': String(tokenScale(settings.tokenZoom)),
    '--settings-reminder-zoom': String(settings.reminderZoom),
    '--settings-avatar-zoom': String(settings.avatarZoom),
  };
  // Doubled :root outranks the stylesheets' own :root defaults whatever the load order.
  return `:root:root{${Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
};

const NO_MOTION = '*,*::before,*::after{animation:none!important;transition:none!important}';

/** A CSS value cannot end the rule it sits in: only #rrggbb reaches here (settingsStore checks it). */
const chroma = (colour: string): string =>
  `body,.grimoire{background:${colour}!important}.theme-backdrop{display:none!important}`;

const useBodyFlag = (name: 'nightStatic' | 'condensedSheets' | 'cosmeticsOff', on: boolean) =>
  useEffect(() => {
    if (on) document.body.dataset[name] = '';
    else delete document.body.dataset[name];
    return () => {
      delete document.body.dataset[name];
    };
  }, [name, on]);

/**
 * Applies the stored settings to this page: zooms and palette as custom properties, no animations,
 * the chroma key or the user's background behind the table, and the user's own stylesheet. All of it
 * stays in this browser: nothing here is sent to the server or to other players.
 */
export function SettingsEffects() {
  const settings = useSettings();
  const { background } = settings;
  useEffect(() => setEnglishNames(settings.isEnglishNames), [settings.isEnglishNames]);
  useEffect(() => setPositioningDisabled(settings.isPositioningDisabled), [settings.isPositioningDisabled]);
  // Page-wide switches the feature stylesheets read (spec 3 §3 advanced: night static, condensed sheets).
  useBodyFlag('nightStatic', settings.hasNightStatic);
  useBodyFlag('condensedSheets', settings.hasCondensedSheets);
  useBodyFlag('cosmeticsOff', settings.isCosmeticsDisabled);
  return (
    <>
      <style data-testid="settings-style-variables">{variables(settings)}</style>
      {settings.isAnimationsDisabled && <style data-testid="settings-style-no-motion">{NO_MOTION}</style>}
      {settings.isChromaKey && <style data-testid="settings-style-chroma-key">{chroma(settings.chromaKey)}</style>}
      {settings.customCSSEnabled && settings.customCSS && (
        <style data-testid="settings-style-custom-css">{settings.customCSS}</style>
      )}
      {background && !settings.isChromaKey && (
        <div className="settings-background" aria-hidden="true" data-testid="settings-background-layer">
          {VIDEO.test(background) ? (
            <video src={background} autoPlay loop muted playsInline onError={() => setSettings({ background: '' })} />
          ) : (
            <img src={background} alt="" onError={() => setSettings({ background: '' })} />
          )}
        </div>
      )}
    </>
  );
}
