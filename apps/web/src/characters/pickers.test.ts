import type { Role } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import {
  filterReminders,
  nextPickerAlignment,
  pageOf,
  pickerRoles,
  REMINDER_PAGE_SIZE,
  REMINDER_ROW,
  reminderOptions,
  ROLE_PAGE_SIZE,
  rowsOf,
  searchMatcher,
  slug,
} from './pickers';

const role = (id: string, team: Role['team'], extra: Partial<Role> = {}): Role => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  team,
  ...extra,
});

describe('picker search (spec 3 §5)', () => {
  it('is a case-insensitive regular expression', () => {
    const matches = searchMatcher('^imp|BAR');
    expect(matches('Imp')).toBe(true);
    expect(matches('Baron')).toBe(true);
    expect(matches('Chef')).toBe(false);
  });

  it('ignores an invalid expression', () => {
    expect(searchMatcher('[unclosed')('anything')).toBe(true);
    expect(searchMatcher('  ')('anything')).toBe(true);
  });
});

describe('picker pages (spec 3 §9)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i);

  it('shows 35 roles per page', () => {
    expect(ROLE_PAGE_SIZE).toBe(35);
    expect(pageOf(hundred, 0, ROLE_PAGE_SIZE)).toMatchObject({ page: 0, pages: 3 });
    expect(pageOf(hundred, 2, ROLE_PAGE_SIZE).items).toHaveLength(30);
  });

  it('shows 47 reminders per page with a break every 7', () => {
    expect(REMINDER_PAGE_SIZE).toBe(47);
    const first = pageOf(hundred, 0, REMINDER_PAGE_SIZE);
    expect(first.items).toHaveLength(47);
    expect(rowsOf(first.items, REMINDER_ROW).map((row) => row.length)).toEqual([7, 7, 7, 7, 7, 7, 5]);
  });

  it('clamps the page into range', () => {
    expect(pageOf(hundred, 9, 35).page).toBe(2);
    expect(pageOf([], 3, 35)).toEqual({ items: [], page: 0, pages: 1 });
  });
});

describe('role picker', () => {
  const roles = [role('chef', 'townsfolk'), role('imp', 'demon'), role('beggar', 'traveller'), role('angel', 'fabled')];

  it('splits characters and travellers', () => {
    expect(pickerRoles(roles, 'character', '').map((r) => r.id)).toEqual(['chef', 'imp']);
    expect(pickerRoles(roles, 'traveller', '').map((r) => r.id)).toEqual(['beggar']);
    expect(pickerRoles(roles, 'character', 'IM').map((r) => r.id)).toEqual(['imp']);
  });

  it('cycles the alignment none, good, evil (spec 3 §4)', () => {
    expect(nextPickerAlignment(null)).toBe('g');
    expect(nextPickerAlignment('g')).toBe('e');
    expect(nextPickerAlignment('e')).toBeNull();
  });
});

describe('reminder picker', () => {
  const poisoner = role('poisoner', 'minion', { reminders: ['Poisoned'] });
  const imp = role('imp', 'demon', { reminders: ['Dead'] });
  const drunk = role('drunk', 'outsider', { remindersGlobal: ['Is The Drunk'] });

  it('offers the current role\u2019s reminders, then the others in play, global ones and good / evil', () => {
    const options = reminderOptions(poisoner, [poisoner, imp], [poisoner, imp, drunk]);
    expect(options.current).toEqual([{ role: 'poisoner', roleName: 'Poisoner', name: 'Poisoned' }]);
    expect(options.other.map((o) => `${o.role}:${o.name}`)).toEqual([
      'imp:Dead',
      'drunk:Is The Drunk',
      'good:Good',
      'evil:Evil',
    ]);
  });

  it('searches reminder and role names', () => {
    const { other } = reminderOptions(null, [imp], [drunk]);
    expect(filterReminders(other, 'drunk').map((o) => o.name)).toEqual(['Is The Drunk']);
    expect(filterReminders(other, '^imp$').map((o) => o.name)).toEqual(['Dead']);
  });

  it('makes test ids of names', () => {
    expect(slug('Is The Drunk')).toBe('is-the-drunk');
    expect(slug('Sober & Healthy')).toBe('sober-healthy');
  });
});
