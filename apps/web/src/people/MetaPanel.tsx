import type { SessionTags, SessionView } from '@belfry/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatServerField } from './chatServers/ChatServerField';
import { useChatServers } from './chatServers/useChatServers';
import { Modal } from '../ui/Modal';
import { SessionTagControls } from './SessionTagControls';
import { confirmDialog } from '../ui/dialogs';
import { languageOptions } from './sessionMeta';
import { languageName } from '../i18n/languageName';
import { sendAction } from '../session/sessionController';
import { isViewerStoryteller } from '../session/sessionRules';

/**
 * Spec 2 §2 "Session meta header": name, language, chat server, visibility, access lock, tags. The
 * name is locked once in a session; in a live session only the Storyteller changes the rest
 * (updateMeta), and making a private session public asks first.
 */
export function MetaPanel({ view, onClose }: { view: SessionView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const editable = isViewerStoryteller(view);
  // Not disabled while a change is on its way: the queue keeps order, and focus stays on the control.
  const readOnly = !editable;
  const [overrides, setOverrides] = useState<Overrides>({});
  // A change shows at once; the server's value takes over as soon as it moves (or the change fails).
  const meta = shownMeta(view.meta, overrides);
  const chatServers = useChatServers();
  const [movingTo, setMovingTo] = useState<string | null>(null);

  // Spec 2 §7 updateServer (host): only the Storyteller; the server refuses the current or a full one.
  const moveServer = async (host: string) => {
    setMovingTo(host);
    const ok = await sendAction('server_change', 'server', 'updateServer', { host });
    setMovingTo(null);
    if (!ok) chatServers.reload();
  };

  const update = async (change: MetaChange) => {
    const planned = plannedOverrides(view.meta, change);
    setOverrides((current) => ({ ...current, ...planned }));
    const ok = await sendAction('update', 'meta', 'updateMeta', change);
    const forget = () =>
      setOverrides((current) => {
        const next = { ...current };
        for (const key of Object.keys(planned) as MetaKey[]) if (next[key] === planned[key]) delete next[key];
        return next;
      });
    // Refused: back to the server's value now. Accepted: its patch is here or on its way; after a
    // moment the server's value rules even if it kept the old one (e.g. a difficulty it normalised).
    if (ok) setTimeout(forget, OVERRIDE_GRACE_MS);
    else forget();
  };

  const setPublic = async (isPublic: boolean) => {
    if (isPublic && !meta.isPublic) {
      const sure = await confirmDialog(
        'meta.public_confirm.title',
        'meta.public_confirm.text',
        'meta.public_confirm.confirm',
        {
          variant: 'primary',
        },
      );
      if (!sure) return;
    }
    await update({ isPublic });
  };

  return (
    <Modal title={t('meta.title')} onDismiss={onClose} testId="meta-panel" className="dialog--wide">
      {!editable && <p className="card__text">{t('meta.read_only')}</p>}
      <dl className="meta__facts">
        <dt>{t('meta.name')}</dt>
        <dd>
          <code className="session-code__value">{meta.name}</code>
          <span className="meta__hint">{t('meta.name_locked')}</span>
        </dd>
        <dt>{t('meta.owner')}</dt>
        <dd>{meta.owner.username}</dd>
      </dl>
      <ChatServerField
        list={chatServers}
        value={movingTo ?? meta.chatServer}
        onChange={(host) => void moveServer(host)}
        inSession
        readOnly={readOnly || movingTo !== null}
        testId="meta-chat-server"
      />
      <div className="field">
        <label className="field__label" htmlFor="meta-language">
          {t('meta.language')}
        </label>
        <select
          id="meta-language"
          className="field__input"
          value={meta.language}
          disabled={readOnly}
          onChange={(event) => void update({ language: event.target.value })}
          data-testid="meta-language"
        >
          {languageOptions(meta.language).map((code) => (
            <option key={code} value={code}>
              {languageName(code, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={meta.isPublic}
          disabled={readOnly}
          onChange={(event) => void setPublic(event.target.checked)}
          data-testid="meta-public"
        />
        <span>
          {t('lobby.create.public')}
          <span className="tag-controls__hint">{t('lobby.create.public_hint')}</span>
        </span>
      </label>
      <fieldset className="tag-fieldset" disabled={readOnly}>
        <legend className="field__label">{t('meta.tags')}</legend>
        <SessionTagControls
          tags={meta.tags}
          disabled={readOnly}
          onChange={(tags) => void update({ tags })}
          testId={(tag) => `meta-tag-${tag}`}
        />
      </fieldset>
      <div className="dialog__buttons">
        <button type="button" className="button button--primary" onClick={onClose} data-testid="meta-close">
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}

/** How long a chosen value may show ahead of the server's answer. */
const OVERRIDE_GRACE_MS = 1_500;

type MetaChange = { isPublic?: boolean; language?: string; tags?: Partial<SessionTags> };
type MetaKey = 'isPublic' | 'language' | keyof SessionTags;
/** What the user chose, and the server's value it was chosen over. */
type Overrides = Partial<Record<MetaKey, { from: unknown; to: unknown }>>;

const plannedOverrides = (meta: SessionView['meta'], change: MetaChange): Overrides => {
  const planned: Overrides = {};
  if (change.isPublic !== undefined) planned.isPublic = { from: meta.isPublic, to: change.isPublic };
  if (change.language !== undefined) planned.language = { from: meta.language, to: change.language };
  for (const [key, to] of Object.entries(change.tags ?? {}) as [keyof SessionTags, unknown][]) {
    planned[key] = { from: meta.tags[key], to };
  }
  return planned;
};

const pick = <T,>(server: T, override: { from: unknown; to: unknown } | undefined): T =>
  override && override.from === server ? (override.to as T) : server;

const shownMeta = (meta: SessionView['meta'], overrides: Overrides): SessionView['meta'] => ({
  ...meta,
  isPublic: pick(meta.isPublic, overrides.isPublic),
  language: pick(meta.language, overrides.language),
  tags: {
    difficulty: pick(meta.tags.difficulty, overrides.difficulty),
    cameras: pick(meta.tags.cameras, overrides.cameras),
    travellers: pick(meta.tags.travellers, overrides.travellers),
    grimoire: pick(meta.tags.grimoire, overrides.grimoire),
    locked: pick(meta.tags.locked, overrides.locked),
    streaming: pick(meta.tags.streaming, overrides.streaming),
  },
});
