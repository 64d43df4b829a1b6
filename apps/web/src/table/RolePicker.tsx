import type { Alignment, Role, SessionView } from '@belfry/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { setSeatAlignment, setSeatRole } from '../session/gameActions';
import { pickerPool } from '../characters/catalogue';
import { closeGameDialog } from '../session/gameUiStore';
import { nextPickerAlignment, pageOf, pickerRoles, ROLE_PAGE_SIZE, type RoleTab } from '../characters/pickers';
import { Pager, SearchField, Tabs, usePagedSearch } from '../ui/PickerParts';
import { RoleToken } from '../ui/tokens/RoleToken';
import { useRoleText } from '../characters/contentTexts';

const TABS: RoleTab[] = ['character', 'traveller'];

/**
 * Spec 3 §2 Role picker: the Character and Traveller tabs, a search (a case-insensitive regular
 * expression), 35 roles per page and an alignment button cycling none, good, evil.
 */
export function RolePicker({ view, index }: { view: SessionView; index: number }) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const seat = view.seats[index];
  const [tab, setTab] = useState<RoleTab>(seat?.role?.team === 'traveller' ? 'traveller' : 'character');
  const paging = usePagedSearch();
  const [alignment, setAlignment] = useState<Alignment>(seat?.alignment ?? null);
  if (!seat) return null;
  const user = seat.id ? view.users[seat.id] : undefined;
  const list = pickerRoles(pickerPool(view), tab, paging.query, (role) => roleText.role(role).name);
  const shown = pageOf(list, paging.page, ROLE_PAGE_SIZE);

  const choose = async (role: Role | null) => {
    closeGameDialog();
    if (role?.id !== seat.role?.id || role === null) await setSeatRole(index, role);
    if (role && alignment !== seat.alignment) await setSeatAlignment(index, alignment);
  };

  return (
    <Modal
      title={t('game.role_picker.title', { number: index + 1, name: user?.username ?? t('grimoire.seat.empty') })}
      onDismiss={closeGameDialog}
      testId="role-picker"
      className="dialog--picker"
    >
      <div className="picker__bar">
        <Tabs
          tabs={TABS.map((name) => ({ id: name, label: t(`game.role_picker.tab_${name}`) }))}
          current={tab}
          onChange={(next) => {
            setTab(next as RoleTab);
            paging.firstPage();
          }}
          testIdPrefix="role-tab"
        />
        <button
          type="button"
          className={`alignment-button alignment-button--${alignment ?? 'none'}`}
          onClick={() => setAlignment(nextPickerAlignment(alignment))}
          data-testid="role-alignment"
          data-value={alignment ?? 'none'}
          aria-label={t('game.role_picker.alignment_label', { value: t(`game.alignment.${alignment ?? 'none'}`) })}
        >
          {t(`game.alignment.${alignment ?? 'none'}`)}
        </button>
      </div>
      <SearchField
        value={paging.query}
        onChange={paging.setQuery}
        label={t('game.picker.search')}
        testId="role-search"
      />
      {shown.items.length === 0 ? (
        <p className="picker__empty" data-testid="role-empty">
          {t(tab === 'traveller' ? 'game.role_picker.error_traveller' : 'game.role_picker.error_character')}
        </p>
      ) : (
        <ul className="picker__grid">
          {shown.items.map((role) => (
            <li key={role.id}>
              <button
                type="button"
                className={`picker__role ${seat.role?.id === role.id ? 'picker__role--current' : ''}`}
                onClick={() => void choose(role)}
                title={roleText.role(role).ability}
                aria-pressed={seat.role?.id === role.id}
                data-testid={`role-option-${role.id}`}
              >
                <RoleToken role={role} alignment={alignment} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pager page={shown.page} pages={shown.pages} onPage={paging.setPage} testIdPrefix="role-page" />
      <div className="dialog__buttons">
        {seat.role && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void choose(null)}
            data-testid="role-option-none"
          >
            {t('game.role_picker.remove')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={closeGameDialog}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}
