import type { Role, SessionView } from '@belfry/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { pageOf, ROLE_PAGE_SIZE, searchMatcher } from '../../characters/pickers';
import { Pager, SearchField, usePagedSearch } from '../../ui/PickerParts';
import { RoleToken } from '../../ui/tokens/RoleToken';
import { isViewerStoryteller } from '../../session/sessionRules';
import { useIsPending } from '../../session/sessionStore';
import { editionRoles } from '../sheet/sheetData';
import { addFabled, removeFabled, setBluffs } from './fabledActions';
import {
  bluffCandidates,
  canAddFabled,
  canRemoveFabled,
  FABLED_POOL,
  fabledBlock,
  withBluff,
  type FabledBlock,
} from './fabledRules';
import { closeFabledDialog, useFabledStore } from './fabledStore';
import { fabledContext } from './FabledTab';
import { useRoleText } from '../../characters/contentTexts';

/** The fabled and bluff pickers (the Storyteller's), one at a time. */
export function FabledDialogs({ view }: { view: SessionView }) {
  const dialog = useFabledStore((state) => state.dialog);
  if (!dialog || !isViewerStoryteller(view)) return null;
  if (dialog.kind === 'fabled') return <FabledPicker view={view} />;
  return <BluffPicker key={dialog.slot} view={view} slot={dialog.slot} />;
}

const BLOCK_TEXTS: Record<FabledBlock, string> = {
  homebrew: 'fabled.blocked.homebrew',
  jinxed: 'fabled.blocked.jinxed',
  present: 'fabled.blocked.present',
};

/**
 * Spec 3 §2 / §4 Fabled picker: every fabled and loric character. In play ones are marked (a click
 * removes them); the Bootlegger is disabled with homebrew, the Djinn on a jinxed script, the
 * Gardener when one is present.
 */
function FabledPicker({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const context = fabledContext(view);
  const [query, setQuery] = useState('');
  const matches = searchMatcher(query);
  const roleText = useRoleText();
  const list = FABLED_POOL.filter(
    (role) => matches(role.name) || matches(role.id) || matches(roleText.role(role).name),
  );

  const choose = async (role: Role) => {
    if (context.inPlay.includes(role.id)) {
      if (canRemoveFabled(role.id, context, true)) await removeFabled(role.id);
      return;
    }
    if (canAddFabled(role.id, context) && (await addFabled(role))) closeFabledDialog();
  };

  return (
    <Modal
      title={t('fabled.picker.title')}
      onDismiss={closeFabledDialog}
      testId="fabled-picker"
      className="dialog--picker"
    >
      <p className="dialog__text">{t('fabled.picker.text')}</p>
      <SearchField value={query} onChange={setQuery} label={t('game.picker.search')} testId="fabled-search" />
      {(['fabled', 'loric'] as const).map((team) => {
        const roles = list.filter((role) => role.team === team);
        if (roles.length === 0) return null;
        return (
          <section key={team} className="fabled-picker__team">
            <h3 className="fabled-picker__heading">
              {t(team === 'fabled' ? 'game.teams.fabled' : 'game.teams.loric')}
            </h3>
            <ul className="picker__grid">
              {roles.map((role) => {
                const inPlay = context.inPlay.includes(role.id);
                const block = fabledBlock(role.id, context);
                const disabled = inPlay ? !canRemoveFabled(role.id, context, true) : block !== null;
                const hint = block
                  ? t(BLOCK_TEXTS[block])
                  : inPlay
                    ? t('fabled.picker.in_play')
                    : roleText.role(role).ability;
                return (
                  <li key={role.id}>
                    <FabledOption
                      role={role}
                      inPlay={inPlay}
                      disabled={disabled}
                      hint={hint ?? ''}
                      onChoose={() => void choose(role)}
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <div className="dialog__buttons">
        <button
          type="button"
          className="button button--secondary"
          onClick={closeFabledDialog}
          data-testid="fabled-picker-close"
        >
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}

function FabledOption({
  role,
  inPlay,
  disabled,
  hint,
  onChoose,
}: {
  role: Role;
  inPlay: boolean;
  disabled: boolean;
  hint: string;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const pending = useIsPending(`fabled-${role.id}`);
  const name = useRoleText().role(role).name;
  return (
    <button
      type="button"
      className={`picker__role ${inPlay ? 'picker__role--current' : ''} ${disabled ? 'picker__role--disabled' : ''}`}
      onClick={() => {
        if (!disabled) onChoose();
      }}
      aria-disabled={disabled || undefined}
      aria-pressed={inPlay}
      disabled={pending}
      title={hint}
      aria-label={inPlay ? t('fabled.picker.remove_label', { name }) : t('fabled.picker.add_label', { name })}
      data-testid={`fabled-option-${role.id}`}
      data-in-play={inPlay}
    >
      <RoleToken role={role} />
    </button>
  );
}

/**
 * Spec 3 §5: the Storyteller's bluff choice, from the script's characters without travellers,
 * minions, demons and characters in play (35 per page, a search like the role picker's).
 */
function BluffPicker({ view, slot }: { view: SessionView; slot: number }) {
  const { t } = useTranslation();
  const pending = useIsPending('bluffs');
  const paging = usePagedSearch();
  const matches = searchMatcher(paging.query);
  const roleText = useRoleText();
  const current = view.bluffs[slot] ?? null;
  const list = bluffCandidates(editionRoles(view), view.seats, view.bluffs, slot).filter(
    (role) => matches(role.name) || matches(role.id) || matches(roleText.role(role).name),
  );
  const shown = pageOf(list, paging.page, ROLE_PAGE_SIZE);

  const choose = async (role: Role | null) => {
    if (await setBluffs(withBluff(view.bluffs, slot, role))) closeFabledDialog();
  };

  return (
    <Modal
      title={t('fabled.bluffs.picker_title', { number: slot + 1 })}
      onDismiss={closeFabledDialog}
      testId="bluff-picker"
      className="dialog--picker"
    >
      <SearchField
        value={paging.query}
        onChange={paging.setQuery}
        label={t('game.picker.search')}
        testId="bluff-search"
      />
      {shown.items.length === 0 ? (
        <p className="picker__empty" data-testid="bluff-empty">
          {t('fabled.bluffs.empty')}
        </p>
      ) : (
        <ul className="picker__grid">
          {shown.items.map((role) => (
            <li key={role.id}>
              <button
                type="button"
                className={`picker__role ${current?.id === role.id ? 'picker__role--current' : ''}`}
                onClick={() => void choose(role)}
                disabled={pending}
                title={roleText.role(role).ability}
                aria-pressed={current?.id === role.id}
                data-testid={`bluff-option-${role.id}`}
              >
                <RoleToken role={role} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pager page={shown.page} pages={shown.pages} onPage={paging.setPage} testIdPrefix="bluff-page" />
      <div className="dialog__buttons">
        {current && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void choose(null)}
            disabled={pending}
            data-testid="bluff-clear"
          >
            {t('fabled.bluffs.clear')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={closeFabledDialog}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}
