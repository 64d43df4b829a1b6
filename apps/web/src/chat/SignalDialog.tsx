import type { SessionView, SignalPart } from '@belfry/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { scriptCharacters } from '../characters/catalogue';
import { sendSignal } from './chatActions';
import { nameOf, partDataText } from './names';
import { roleById } from '@belfry/content';
import {
  availableCards,
  choiceLimit,
  CUSTOM_MAX_CHARS,
  PLAYER_CARDS,
  playerSignalRecipients,
  ROLE_CARDS,
  signalProblem,
  signalWarnings,
  TEXT_CARDS,
  toggleChoice,
} from './signals';
import { useRoleText } from '../characters/contentTexts';

interface Props {
  view: SessionView;
  /** A seated player's id (from the Storyteller), or 'storytellers' (a player's night signal). */
  target: string;
  onClose: () => void;
}

/** Spec 2 §3/§4, spec 3 §5: composing a night signal from cards. */
export function SignalDialog({ view, target, onClose }: Props) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const [parts, setParts] = useState<SignalPart[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const fromPlayer = target === 'storytellers';
  const recipients = fromPlayer ? playerSignalRecipients(view) : [target];
  const cards = availableCards(view, recipients[0] ?? '');
  const warnings = fromPlayer ? [] : signalWarnings(view, target);
  const problem = signalProblem(view, recipients, parts);

  const add = (id: string) => {
    let part: SignalPart = { id };
    if (id === 'bluffs') part = { id, data: view.bluffs.flatMap((r) => (r ? [r.id] : [])).slice(0, 3) };
    else if (id === 'minions' && !fromPlayer)
      part = {
        id,
        data: view.seats
          .filter((s) => s.id && s.role?.team === 'minion')
          .map((s) => s.id)
          .slice(0, choiceLimit(view, 'minions')),
      };
    else if (PLAYER_CARDS.includes(id as never) || ROLE_CARDS.includes(id as never)) part = { id, data: [] };
    else if (TEXT_CARDS.includes(id as never)) part = { id, data: '' };
    setParts([...parts, part]);
    setEditing(part.data !== undefined ? parts.length : null);
  };

  const update = (index: number, data: SignalPart['data']) =>
    setParts(parts.map((p, i) => (i === index ? { ...p, data } : p)));

  const remove = (index: number) => {
    setParts(parts.filter((_, i) => i !== index));
    setEditing(null);
  };

  const send = async () => {
    if (problem) return;
    setSending(true);
    const ok = await sendSignal(recipients, parts);
    setSending(false);
    if (ok) onClose();
  };

  const edited = editing !== null ? parts[editing] : undefined;
  const chosen = Array.isArray(edited?.data) ? edited.data.map(String) : [];
  const seated = view.seats.filter((s) => s.id);
  const roles = scriptCharacters(view);

  return (
    <Modal
      title={fromPlayer ? t('chat.signal.title_player') : t('chat.signal.title', { name: nameOf(view, target) })}
      onDismiss={onClose}
      testId="signal-dialog"
      className="dialog--wide signal-dialog"
    >
      {warnings.length > 0 && (
        <ul className="signal-warnings">
          {warnings.map((w) => (
            <li key={w} data-testid={`signal-${w}`}>
              {t(`chat.signal.${w}`)}
            </li>
          ))}
        </ul>
      )}
      <div className="signal-cards" role="group" aria-label={t('chat.signal.cards')}>
        {cards.map((id) => (
          <button
            key={id}
            type="button"
            className={`signal-card signal-card--${id}`}
            data-testid={`signal-card-${id}`}
            disabled={parts.length >= 20}
            onClick={() => add(id)}
          >
            {t(`chat.cards.${id}`)}
          </button>
        ))}
      </div>
      <h3 className="signal-dialog__subtitle">{t('chat.signal.message')}</h3>
      <ol className="signal-parts" data-testid="signal-parts">
        {parts.length === 0 && <li className="chat-empty">{t('chat.signal.empty')}</li>}
        {parts.map((part, i) => (
          <li key={i} className={`signal-part ${editing === i ? 'signal-part--editing' : ''}`}>
            <button
              type="button"
              className="signal-part__card"
              onClick={() => setEditing(part.data !== undefined ? i : null)}
            >
              <strong>{t(`chat.cards.${part.id}`)}</strong>
              {part.data !== undefined && (
                <span> {partDataText(view, part, (id) => roleText.role(roleById(id))?.name) || '…'}</span>
              )}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={t('chat.signal.remove')}
              onClick={() => remove(i)}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      {edited && editing !== null && (
        <div className="signal-choice">
          {TEXT_CARDS.includes(edited.id as never) ? (
            <input
              className="field__input"
              data-testid="signal-custom"
              maxLength={CUSTOM_MAX_CHARS}
              value={typeof edited.data === 'string' ? edited.data : ''}
              placeholder={t('chat.signal.custom_placeholder')}
              onChange={(event) => update(editing, event.target.value)}
            />
          ) : (
            <>
              <p className="signal-choice__hint">
                {edited.id === 'bluffs'
                  ? t('chat.signal.pick_bluffs', { count: 3 })
                  : edited.id === 'minions'
                    ? t('chat.signal.pick_minions', { count: choiceLimit(view, 'minions') })
                    : t('chat.signal.pick')}
              </p>
              <div className="signal-choice__options">
                {(PLAYER_CARDS.includes(edited.id as never)
                  ? seated.map((s) => ({ id: s.id, label: nameOf(view, s.id) }))
                  : roles.map((r) => ({ id: r.id, label: roleText.role(r).name }))
                ).map((option) => (
                  <button
                    key={option.id}
                    type="button"
                    className={`chat-tab ${chosen.includes(option.id) ? 'chat-tab--active' : ''}`}
                    aria-pressed={chosen.includes(option.id)}
                    data-testid={`signal-choice-${option.id}`}
                    onClick={() => update(editing, toggleChoice(chosen, option.id, choiceLimit(view, edited.id)))}
                  >
                    {option.label}
                  </button>
                ))}
              </div>
            </>
          )}
        </div>
      )}
      {problem && parts.length > 0 && (
        <p className="chat-note" data-testid="signal-problem">
          {problem === 'bluffs'
            ? t('chat.signal.problem_bluffs')
            : problem === 'custom'
              ? t('chat.signal.problem_custom')
              : problem === 'minions'
                ? t('chat.signal.problem_minions')
                : t('chat.signal.problem_general')}
        </p>
      )}
      <div className="dialog__buttons">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="signal-send"
          disabled={problem !== null || sending}
          onClick={() => void send()}
        >
          {t('chat.signal.send')}
        </button>
      </div>
    </Modal>
  );
}
