import type { Alignment, Role } from '@belfry/engine';

/** Spec 3 §9: role picker 35 per page; reminder picker 47 per page with a break every 7; roles dialog 7 per page. */
export const ROLE_PAGE_SIZE = 35;
export const REMINDER_PAGE_SIZE = 47;
export const REMINDER_ROW = 7;
export const DISTRIBUTION_PAGE_SIZE = 7;

/**
 * Spec 3 §5: search text is a case-insensitive regular expression; an invalid one is ignored (it
 * matches everything, as an empty search does).
 */
export const searchMatcher = (query: string): ((text: string) => boolean) => {
  const trimmed = query.trim();
  if (!trimmed) return () => true;
  try {
    const pattern = new RegExp(trimmed, 'i');
    return (text) => pattern.test(text);
  } catch {
    return () => true;
  }
};

export interface Page<T> {
  items: T[];
  /** The page shown (0-based), clamped into range. */
  page: number;
  pages: number;
}

export const pageOf = <T>(items: readonly T[], page: number, size: number): Page<T> => {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(current * size, current * size + size), page: current, pages };
};

/** Rows of `size` (the reminder picker breaks its grid every 7). */
export const rowsOf = <T>(items: readonly T[], size: number): T[][] => {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
};

/** Spec 3 §4: the role picker's alignment button cycles none, good, evil. */
export const nextPickerAlignment = (alignment: Alignment): Alignment =>
  alignment === null ? 'g' : alignment === 'g' ? 'e' : null;

export type RoleTab = 'character' | 'traveller';

/**
 * The role picker's list: characters (not travellers, fabled or loric) or travellers, filtered by search
 * on the id, the stored name and the name shown in the user's language.
 */
export const pickerRoles = (
  roles: readonly Role[],
  tab: RoleTab,
  query: string,
  shownName: (role: Role) => string = (role) => role.name,
): Role[] => {
  const matches = searchMatcher(query);
  return roles.filter((role) => {
    const inTab =
      tab === 'traveller' ? role.team === 'traveller' : !['traveller', 'fabled', 'loric'].includes(role.team);
    return inTab && (matches(role.name) || matches(role.id) || matches(shownName(role)));
  });
};

export interface ReminderOption {
  role: string;
  /** Name shown for the role (the option's label says whose reminder it is). */
  roleName: string;
  name: string;
}

/** Generic reminders anyone may place any number of (spec 3 §4: good and evil are exempt from limits). */
export const GENERIC_REMINDERS: ReminderOption[] = [
  { role: 'good', roleName: 'Good', name: 'Good' },
  { role: 'evil', roleName: 'Evil', name: 'Evil' },
];

const remindersOf = (role: Role, global: boolean): ReminderOption[] =>
  [...(role.reminders ?? []), ...(global ? (role.remindersGlobal ?? []) : [])].map((name) => ({
    role: role.id,
    roleName: role.name,
    name,
  }));

const unique = (options: ReminderOption[]): ReminderOption[] => {
  const seen = new Set<string>();
  return options.filter((option) => {
    const key = `${option.role}|${option.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Spec 3 §2 Reminder picker: the current role's reminders, and the others: every other role in
 * play (its reminders and global reminders), the script's global reminders, then good and evil.
 */
export const reminderOptions = (
  current: Role | null,
  inPlay: readonly (Role | null)[],
  script: readonly Role[],
): { current: ReminderOption[]; other: ReminderOption[] } => {
  const own = current ? unique(remindersOf(current, true)) : [];
  const ownKeys = new Set(own.map((o) => `${o.role}|${o.name}`));
  const others = unique([
    ...inPlay.flatMap((role) => (role && role.id !== current?.id ? remindersOf(role, true) : [])),
    ...script.flatMap((role) =>
      role.id !== current?.id
        ? (role.remindersGlobal ?? []).map((name) => ({ role: role.id, roleName: role.name, name }))
        : [],
    ),
    ...GENERIC_REMINDERS,
  ]).filter((o) => !ownKeys.has(`${o.role}|${o.name}`));
  return { current: own, other: others };
};

export const filterReminders = (
  options: readonly ReminderOption[],
  query: string,
  shown: (option: ReminderOption) => string[] = () => [],
): ReminderOption[] => {
  const matches = searchMatcher(query);
  return options.filter((o) => matches(o.name) || matches(o.roleName) || shown(o).some(matches));
};

/** A test id part from a reminder name: lower case, anything but letters and digits as '-'. */
export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
