import { SEAT_NAME_MAX_CHARS, type SessionView } from '@belfry/engine';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { sendAction } from '../session/sessionController';
import { useIsPending } from '../session/sessionStore';
import { closeSeatRename, useLocalPlay } from '../session/localPlayStore';

/** Spec 1 §2 Nameplate: the Storyteller names a seat of a local game (an empty name clears it). */
export function RenameSeatDialog({ view }: { view: SessionView }) {
  const index = useLocalPlay((state) => state.renaming);
  const seat = index === null ? undefined : view.seats[index];
  if (index === null || !seat) return null;
  return <RenameForm key={index} index={index} initial={seat.name} />;
}

function RenameForm({ index, initial }: { index: number; initial: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const pending = useIsPending(`rename-${index}`);
  const inputId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await sendAction('update_player', `rename-${index}`, 'renameSeat', { index, name: name.trim() })) {
      closeSeatRename();
    }
  };

  return (
    <Modal title={t('local.rename.title', { number: index + 1 })} onDismiss={closeSeatRename} testId="rename-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {t('local.rename.label')}
          </label>
          <input
            id={inputId}
            className="field__input"
            value={name}
            maxLength={SEAT_NAME_MAX_CHARS}
            autoComplete="off"
            autoFocus
            aria-describedby={hintId}
            onChange={(event) => setName(event.target.value)}
            data-testid="rename-input"
          />
          <p className="field__hint" id={hintId}>
            {t('local.rename.hint', { count: SEAT_NAME_MAX_CHARS })}
          </p>
        </div>
        <div className="dialog__buttons">
          <button type="button" className="button button--secondary" onClick={closeSeatRename}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={pending} data-testid="rename-submit">
            {t('local.rename.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
