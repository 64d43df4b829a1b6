import type { SessionView } from '@belfry/engine';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { isViewerStoryteller } from '../session/sessionRules';
import { GameIcon } from '../ui/icons/GameIcon';
import { CHARACTER_ICONS, UI_ICONS } from '../ui/icons/iconNames';
import { addReminder } from '../session/gameActions';
import { pickerPool } from '../characters/catalogue';
import { roleById } from '@belfry/content';
import { closeGameDialog } from '../session/gameUiStore';
import {
  filterReminders,
  pageOf,
  REMINDER_PAGE_SIZE,
  REMINDER_ROW,
  reminderOptions,
  rowsOf,
  slug,
  type ReminderOption,
} from '../characters/pickers';
import { Pager, SearchField, Tabs, usePagedSearch } from '../ui/PickerParts';
import { useRoleText } from '../characters/contentTexts';
import { useSettings } from '../settings';

/** Spec 3 §3: a custom reminder is at most 30 characters (the socket schema allows 30). */
const CUSTOM_MAX = 30;

type ReminderTab = 'current' | 'other';

/**
 * Spec 3 §2 Reminder picker: the current role's reminders and the others, a search, 47 per page
 * with a break every 7, and a custom note.
 */
export function ReminderPicker({ view, index, search }: { view: SessionView; index: number; search?: string }) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  // Spec 3 §3–§4 player duplicates: a player's notes may hold a reminder more often than its role
  // lists it; the Storyteller's grimoire always keeps the limit.
  const playerDuplicates = useSettings((settings) => settings.isPlayerDuplicates) && !isViewerStoryteller(view);
  const seat = view.seats[index];
  // A player's notes may use any reminder of the script: their view holds only the characters they know.
  const options = seat
    ? reminderOptions(seat.role, [...view.seats.map((s) => s.role), ...view.fabled], pickerPool(view))
    : { current: [], other: [] };
  const [tab, setTab] = useState<ReminderTab>(options.current.length > 0 && !search ? 'current' : 'other');
  const paging = usePagedSearch(search ?? '');
  const [custom, setCustom] = useState('');
  const customId = useId();
  if (!seat) return null;
  const user = seat.id ? view.users[seat.id] : undefined;
  const shownRoleName = (option: ReminderOption) =>
    roleText.role(roleById(option.role))?.name ?? roleText.reminder(option.roleName);
  const list = filterReminders(tab === 'current' ? options.current : options.other, paging.query, (option) => [
    roleText.reminder(option.name),
    shownRoleName(option),
  ]);
  const shown = pageOf(list, paging.page, REMINDER_PAGE_SIZE);

  const pick = (option: ReminderOption) => {
    closeGameDialog();
    void addReminder(index, option.role, option.name, playerDuplicates);
  };

  const addCustom = (event: FormEvent) => {
    event.preventDefault();
    const text = custom.trim();
    if (!text) return;
    closeGameDialog();
    void addReminder(index, 'custom', text.slice(0, CUSTOM_MAX));
  };

  return (
    <Modal
      title={t(isViewerStoryteller(view) ? 'game.reminder_picker.title' : 'game.reminder_picker.note_title', {
        number: index + 1,
        name: user?.username ?? t('grimoire.seat.empty'),
      })}
      onDismiss={closeGameDialog}
      testId="reminder-picker"
      className="dialog--picker"
    >
      <Tabs
        tabs={[
          { id: 'current', label: t('game.reminder_picker.tab_current'), count: options.current.length },
          { id: 'other', label: t('game.reminder_picker.tab_others'), count: options.other.length },
        ]}
        current={tab}
        onChange={(next) => {
          setTab(next as ReminderTab);
          paging.firstPage();
        }}
        testIdPrefix="reminder-tab"
      />
      <SearchField
        value={paging.query}
        onChange={paging.setQuery}
        label={t('game.picker.search')}
        testId="reminder-search"
      />
      {shown.items.length === 0 ? (
        <p className="picker__empty" data-testid="reminder-empty">
          {t('game.reminder_picker.empty')}
        </p>
      ) : (
        <div className="picker__rows">
          {rowsOf(shown.items, REMINDER_ROW).map((row, r) => (
            <ul key={r} className="picker__row" data-testid="reminder-row">
              {row.map((option) => (
                <li key={`${option.role}|${option.name}`}>
                  <button
                    type="button"
                    className="picker__reminder"
                    onClick={() => pick(option)}
                    title={`${shownRoleName(option)}: ${roleText.reminder(option.name)}`}
                    data-testid={`reminder-option-${option.role}-${slug(option.name)}`}
                  >
                    <GameIcon
                      name={
                        CHARACTER_ICONS[option.role] ??
                        (option.role === 'evil'
                          ? UI_ICONS.evil
                          : option.role === 'good'
                            ? UI_ICONS.good
                            : UI_ICONS.note)
                      }
                      className={`picker__reminder-icon picker__reminder-icon--${option.role}`}
                    />
                    <span className="picker__reminder-name">{roleText.reminder(option.name)}</span>
                    <span className="picker__reminder-role">{shownRoleName(option)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ))}
        </div>
      )}
      <Pager page={shown.page} pages={shown.pages} onPage={paging.setPage} testIdPrefix="reminder-page" />
      <form className="picker__custom" onSubmit={addCustom}>
        <label htmlFor={customId} className="field__label">
          {t('game.reminder_picker.custom')}
        </label>
        <div className="picker__custom-row">
          <input
            id={customId}
            className="field__input"
            value={custom}
            maxLength={CUSTOM_MAX}
            onChange={(event) => setCustom(event.target.value)}
            placeholder={t('game.reminder_picker.custom_placeholder')}
            data-testid="reminder-custom"
          />
          <button
            type="submit"
            className="button button--secondary"
            disabled={!custom.trim()}
            data-testid="reminder-custom-add"
          >
            {t('game.reminder_picker.custom_add')}
          </button>
        </div>
      </form>
      <div className="dialog__buttons">
        <button type="button" className="button button--secondary" onClick={closeGameDialog}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
