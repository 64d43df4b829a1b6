import type { Reminder, SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { flipReminder, removeReminder } from '../session/gameActions';
import { openGameDialog } from '../session/gameUiStore';
import { reminderFontPercent } from '../ui/tokens/roleFontSize';
import { ArcText } from '../ui/tokens/ArcText';
import { GameIcon } from '../ui/icons/GameIcon';
import { CHARACTER_ICONS, UI_ICONS } from '../ui/icons/iconNames';
import { useRoleText } from '../characters/contentTexts';
import { isStacked } from './reminderStack';

/** A reminder's text size at 100 % in its 100 × 100 box (spec 3 §4 steps it down by length). */
export const REMINDER_TEXT_SIZE = 19;

export interface SeatRemindersProps {
  view: SessionView;
  index: number;
  vertical: boolean;
  editable: boolean;
  /** The Storyteller edits the grimoire's reminders; everyone else their own notes. */
  storyteller: boolean;
  visible: boolean;
  /** Settings → stacked reminders: overlap them (true), spread them (false), or stack beyond 3 (null, auto). */
  stacked?: boolean | null;
}

export interface ShownReminder {
  reminder: Reminder;
  /** Its place in the list it belongs to (the grimoire's or the viewer's notes). */
  at: number;
  note: boolean;
}

/**
 * Spec 1 §2 reminders strip: flip on click, remove with its small cross (or Delete), add with +. The
 * grimoire's reminders (which only its holders see) come first; a player's own notes follow, marked as
 * notes, and only the player ever sees them.
 */
export function SeatReminders({ view, index, vertical, editable, storyteller, visible, stacked }: SeatRemindersProps) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const seat = view.seats[index];
  if (!seat) return null;
  const grimoire = visible ? seat.reminders : [];
  const notes = visible && !storyteller ? (seat.notes[view.viewer.id] ?? []) : [];
  const shown: ShownReminder[] = [
    ...grimoire.map((reminder, at) => ({ reminder, at, note: false })),
    ...notes.map((reminder, at) => ({ reminder, at, note: true })),
  ];
  if (shown.length === 0 && !editable) return null;
  const own = (item: ShownReminder) => editable && item.note !== storyteller;
  return (
    <ul
      className={`seat__reminders ${vertical ? 'seat__reminders--vertical' : ''} ${isStacked(stacked, shown.length) ? 'seat__reminders--stacked' : ''}`}
      data-stacked={isStacked(stacked, shown.length)}
      aria-label={t('game.reminders.label')}
    >
      {shown.map((item) => {
        const { reminder, at, note } = item;
        const mineToEdit = own(item);
        const testId = `seat-${index}-${note ? 'note' : 'reminder'}-${at}`;
        return (
          <li key={`${note ? 'n' : 'r'}-${reminder.role}-${reminder.name}-${at}`} className="reminder-slot">
            <button
              type="button"
              className={`reminder ${reminder.isFlipped ? 'reminder--flipped' : ''} ${note ? 'reminder--note' : ''}`}
              onClick={mineToEdit ? () => void flipReminder(index, at) : undefined}
              onKeyDown={
                mineToEdit
                  ? (event) => {
                      if (event.key === 'Delete' || event.key === 'Backspace') {
                        event.preventDefault();
                        void removeReminder(index, at);
                      }
                    }
                  : undefined
              }
              disabled={!mineToEdit}
              title={t(note ? 'game.reminders.note_title' : 'game.reminders.title', {
                name: roleText.reminder(reminder.name),
              })}
              aria-label={t(reminder.isFlipped ? 'game.reminders.flipped_label' : 'game.reminders.item_label', {
                name: roleText.reminder(reminder.name),
              })}
              aria-pressed={reminder.isFlipped}
              data-testid={testId}
            >
              {reminder.role !== 'custom' && (
                <GameIcon
                  name={
                    CHARACTER_ICONS[reminder.role] ??
                    (reminder.role === 'evil'
                      ? UI_ICONS.evil
                      : reminder.role === 'good'
                        ? UI_ICONS.good
                        : UI_ICONS.note)
                  }
                  className="reminder__icon"
                />
              )}
              {reminder.role === 'custom' ? (
                <span
                  className="reminder__text reminder__text--custom"
                  style={{ fontSize: `calc(var(--reminder-text) * ${reminderFontPercent(reminder.name) / 100})` }}
                >
                  {reminder.name}
                </span>
              ) : (
                <ArcText
                  text={roleText.reminder(reminder.name)}
                  size={(REMINDER_TEXT_SIZE * reminderFontPercent(roleText.reminder(reminder.name))) / 100}
                  className="reminder__arc"
                />
              )}
            </button>
            {mineToEdit && (
              <button
                type="button"
                className="reminder__remove"
                onClick={() => void removeReminder(index, at)}
                aria-label={t('game.reminders.remove_label', { name: roleText.reminder(reminder.name) })}
                title={t('game.reminders.remove_label', { name: roleText.reminder(reminder.name) })}
                data-testid={`${testId}-remove`}
              >
                ×
              </button>
            )}
          </li>
        );
      })}
      {editable && (
        <li className="reminder-slot">
          <button
            type="button"
            className="reminder reminder--add"
            onClick={() => openGameDialog({ kind: 'reminder', index })}
            aria-label={t(storyteller ? 'game.reminders.add_label' : 'game.reminders.add_note_label', {
              number: index + 1,
            })}
            title={t(storyteller ? 'game.reminders.add_label' : 'game.reminders.add_note_label', {
              number: index + 1,
            })}
            data-testid={`reminder-add-${index}`}
          >
            +
          </button>
        </li>
      )}
    </ul>
  );
}
