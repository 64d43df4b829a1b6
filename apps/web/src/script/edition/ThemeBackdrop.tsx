import type { SessionView } from '@belfry/engine';
import { useEditionUi } from './editionStore';
import { browserStore } from './storage';
import { chosenTheme, themeUrl } from './themes';
import './Edition.css';

/** Spec 1 §2 / spec 3 §2: the grimoire's background is the user's theme for the current edition. */
export function ThemeBackdrop({ view }: { view: SessionView }) {
  useEditionUi((state) => state.themeVersion);
  const theme = chosenTheme(browserStore(), view.viewer.id, view.edition.id);
  return (
    <div
      className="theme-backdrop"
      style={{ backgroundImage: `url(${themeUrl(theme)})` }}
      data-testid="theme-backdrop"
      data-theme={theme}
      aria-hidden="true"
    />
  );
}
