import { useTranslation } from 'react-i18next';
import './KeyCap.css';

/** Keys whose `key` value is no good on screen (a blank, or an English word we translate). */
const NAMED: Record<string, string> = { ' ': 'space', Enter: 'enter', Backspace: 'backspace', Escape: 'escape' };

/** A key as written on screen: letters in capitals, named keys in the reader's language. */
export const useKeyName = (): ((key: string) => string) => {
  const { t } = useTranslation();
  return (key) => {
    const named = NAMED[key];
    if (named) return t(`shortcuts.key.${named}`);
    return key.length === 1 ? key.toUpperCase() : key;
  };
};

export function KeyCap({ keyName }: { keyName: string }) {
  const name = useKeyName();
  return <kbd className="keycap">{name(keyName)}</kbd>;
}
