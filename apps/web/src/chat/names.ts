import { roleById } from '@belfry/content';
import type { SessionView, SignalPart } from '@belfry/engine';

export const nameOf = (view: SessionView, id: string): string => view.users[id]?.username ?? id;

/**
 * A card's chosen data as text: players by name, characters by name (in the reader's language when
 * `roleName` gives it), text and numbers as they are.
 */
export const partDataText = (
  view: SessionView,
  part: SignalPart,
  roleName: (id: string) => string | undefined = (id) => roleById(id)?.name,
): string => {
  const { data } = part;
  if (data === undefined) return '';
  if (typeof data === 'string' || typeof data === 'number') return String(data);
  return data
    .map((item) => {
      const id = String(item);
      if (view.users[id]) return view.users[id].username;
      return roleName(id) ?? id;
    })
    .join(', ');
};
