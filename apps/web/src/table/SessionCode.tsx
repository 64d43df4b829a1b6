import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinPath } from '../routing/paths';
import { copyText } from './copyText';

/** Spec 2 §2: the join link is copied with a 2 s confirmation. */
const COPIED_FOR_MS = 2_000;

export function SessionCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(`${window.location.origin}${joinPath(code)}`)) setCopied(true);
  };

  return (
    <div className="session-code">
      <span className="session-code__label">{t('grimoire.code.label')}</span>
      <code className="session-code__value" data-testid="session-code">
        {code}
      </code>
      <button
        type="button"
        className="button button--small button--ghost"
        onClick={() => void copy()}
        aria-live="polite"
        data-testid="copy-link"
      >
        {t(copied ? 'grimoire.code.copied' : 'grimoire.code.copy')}
      </button>
    </div>
  );
}
