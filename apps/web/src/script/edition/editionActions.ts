import { confirmDialog } from '../../ui/dialogs';
import { sendAction } from '../../session/sessionController';
import { customIntent, officialIntent, type EditionIntent, type OfficialEditionId } from './editionChoices';
import { closeEditionPicker, showEditionAlerts } from './editionStore';
import { fetchAlert, isFatal, payloadAlert, scriptAlerts } from './problems';
import { releaseScriptText } from './releaseScript';
import { checkFileSize, isImageOptIn, rememberScriptUrl } from './scriptSource';
import { browserStore } from './storage';
import i18next from 'i18next';

/** Storyteller only: the server resets roles and fabled and sets the edition (spec 3 §4). */
const sendEdition = (intent: EditionIntent): Promise<boolean> =>
  sendAction('update_game', 'edition', 'edition', intent);

export const chooseOfficialEdition = async (id: OfficialEditionId): Promise<boolean> => {
  const sent = await sendEdition(officialIntent(id));
  if (sent) closeEditionPicker();
  return sent;
};

/**
 * Reads a custom script and sends it (spec 3 §4 Loading behaviour, §5): size, too many characters
 * and unreadable text stop it; schema issues are listed but it loads; unknown ids load Trouble
 * Brewing instead; a homebrew script alerts while images are not opted in.
 */
export const loadCustomScript = async (text: string, fallbackName: string): Promise<boolean> => {
  // The schema (and zod) load only when a Storyteller loads a script, not with every grimoire.
  const [{ loadScript }, { applyValidationLanguage }] = await Promise.all([
    import('@belfry/content/script'),
    import('./zodLocale'),
  ]);
  await applyValidationLanguage(i18next.language);
  const loaded = loadScript(text);
  const alerts = scriptAlerts(loaded.problems, {
    isHomebrew: loaded.editionId === 'homebrew',
    isImageOptIn: isImageOptIn(browserStore()),
  });
  if (isFatal(alerts)) {
    showEditionAlerts(alerts);
    return false;
  }
  const intent = customIntent(loaded, fallbackName);
  const tooLarge = payloadAlert(intent);
  if (tooLarge) {
    showEditionAlerts([tooLarge]);
    return false;
  }
  const sent = await sendEdition(intent);
  if (!sent) return false;
  closeEditionPicker();
  showEditionAlerts(alerts);
  return true;
};

export const loadScriptFile = async (file: File, fallbackName: string): Promise<boolean> => {
  const size = checkFileSize(file.size);
  if (size) {
    showEditionAlerts(scriptAlerts([size], { isHomebrew: false, isImageOptIn: true }));
    return false;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    showEditionAlerts(
      scriptAlerts([{ kind: 'parse', message: (error as Error).message }], { isHomebrew: false, isImageOptIn: true }),
    );
    return false;
  }
  return loadCustomScript(text, fallbackName);
};

/** Spec 3 §7: the browser fetches the address itself; the address is kept for next time. */
export const loadScriptUrl = async (url: string, fallbackName: string): Promise<boolean> => {
  rememberScriptUrl(browserStore(), url);
  let text: string;
  try {
    const response = await fetch(url.trim());
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
    text = await response.text();
  } catch (error) {
    showEditionAlerts([fetchAlert(error instanceof Error ? error.message : String(error))]);
    return false;
  }
  return loadCustomScript(text, fallbackName);
};

export const loadReleaseScript = (name: string, author: string): Promise<boolean> =>
  loadCustomScript(releaseScriptText(name, author), name);

/** The picker's clear button: characters and reminders go, the seats stay; asked first. */
export const clearCharacters = async (): Promise<void> => {
  if (!(await confirmDialog('edition.clear.title', 'edition.clear.text', 'edition.clear.confirm'))) return;
  await sendAction('clear_grim', 'clear', 'clear', { what: 'roles' });
};
