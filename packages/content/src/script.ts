import { type Role, TEAMS } from '@belfry/engine';
import { z } from 'zod';
import { roleById } from './catalogue';
import { MAX_SCRIPT_BYTES, MAX_SCRIPT_CHARACTERS, type ScriptProblem } from './scriptFile';

const team = z.preprocess(
  (value) => (value === 'traveler' ? 'traveller' : value),
  z.enum(TEAMS as [string, ...string[]]),
);

/** Spec 3 §3 Script character schema. */
export const scriptCharacterSchema = z.object({
  id: z.string().min(1).max(50),
  name: z.string().min(1).max(30),
  image: z.union([z.string().max(250), z.array(z.string().max(250)).max(3)]).optional(),
  team,
  edition: z.string().max(50).optional(),
  ability: z.string().max(250),
  flavor: z.string().max(500).optional(),
  firstNight: z.number().min(0).optional(),
  otherNight: z.number().min(0).optional(),
  firstNightReminder: z.string().max(500).optional(),
  otherNightReminder: z.string().max(500).optional(),
  reminders: z.array(z.string().max(30)).max(20).optional(),
  remindersGlobal: z.array(z.string().max(25)).max(20).optional(),
  setup: z.boolean().optional(),
  jinxes: z.array(z.object({ id: z.string().max(50), reason: z.string().max(500) })).optional(),
  special: z
    .array(
      z.object({
        type: z.string(),
        name: z.string(),
        value: z.union([z.string(), z.number()]).optional(),
        time: z.string().optional(),
        global: z.string().optional(),
      }),
    )
    .optional(),
});

/** Spec 3 §3 Script metadata entry (id _meta). */
export const scriptMetaSchema = z.object({
  id: z.literal('_meta'),
  name: z.string().max(50).optional(),
  author: z.string().max(50).optional(),
  logo: z.string().max(250).optional(),
  background: z.string().max(250).optional(),
  almanac: z.string().max(250).optional(),
  hideTitle: z.boolean().optional(),
  bootlegger: z.array(z.string().max(500)).max(10).optional(),
  firstNight: z.array(z.string().max(50)).max(30).optional(),
  otherNight: z.array(z.string().max(50)).max(30).optional(),
});

const entry = z.union([z.string().max(50), scriptMetaSchema, z.object({ id: z.string().min(1).max(50) }).loose()]);

/** The whole script: 5 to 151 entries (150 characters plus the metadata). */
export const scriptSchema = z
  .array(entry)
  .min(5)
  .max(MAX_SCRIPT_CHARACTERS + 1);

export interface LoadedScript {
  /** custom, or homebrew when it defines characters of its own; tb when it could not be loaded. */
  editionId: 'custom' | 'homebrew' | 'tb';
  name: string;
  author: string;
  meta: z.infer<typeof scriptMetaSchema> | null;
  roles: Role[];
  fabled: Role[];
  problems: ScriptProblem[];
}

/** UTF-8 size of a string, without relying on platform encoders. */
const utf8Length = (text: string): number => {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};

const normalizeId = (id: string): string =>
  id === 'traveler' ? 'traveller' : id.toLowerCase().replace(/[^a-z0-9_]/g, '');

/**
 * Reads a custom script (spec 3 §4 Loading behaviour, §5): too large or too many characters stop it;
 * schema problems are listed but loading goes on; unknown character ids fall back to tb.
 */
export const loadScript = (text: string): LoadedScript => {
  const empty: LoadedScript = {
    editionId: 'tb',
    name: '',
    author: '',
    meta: null,
    roles: [],
    fabled: [],
    problems: [],
  };
  const bytes = utf8Length(text);
  if (bytes > MAX_SCRIPT_BYTES) {
    return { ...empty, problems: [{ kind: 'size', actualMb: +(bytes / 1024 / 1024).toFixed(2), allowedMb: 1 }] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ...empty, problems: [{ kind: 'parse', message: (error as Error).message }] };
  }
  if (!Array.isArray(json)) return { ...empty, problems: [{ kind: 'parse', message: 'A script is a JSON list.' }] };
  const entries = json as unknown[];
  const count = entries.filter(
    (e) => !(typeof e === 'object' && e !== null && (e as { id?: unknown }).id === '_meta'),
  ).length;
  if (count > MAX_SCRIPT_CHARACTERS) {
    return { ...empty, problems: [{ kind: 'characters', count, allowed: MAX_SCRIPT_CHARACTERS }] };
  }
  const problems: ScriptProblem[] = [];
  const shape = scriptSchema.safeParse(entries);
  const issues = shape.success ? [] : shape.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

  let meta: LoadedScript['meta'] = null;
  const roles: Role[] = [];
  const unknown: string[] = [];
  let homebrew = false;
  entries.forEach((raw, index) => {
    if (typeof raw === 'string') {
      const role = roleById(normalizeId(raw));
      if (role) roles.push(role);
      else unknown.push(raw);
      return;
    }
    if (typeof raw !== 'object' || raw === null) return;
    const object = raw as { id?: unknown };
    if (object.id === '_meta') {
      const parsed = scriptMetaSchema.safeParse(raw);
      if (parsed.success) meta = parsed.data;
      return;
    }
    const official = typeof object.id === 'string' ? roleById(normalizeId(object.id)) : undefined;
    const keys = Object.keys(raw);
    if (official && keys.length === 1) {
      roles.push(official);
      return;
    }
    const custom = scriptCharacterSchema.safeParse(raw);
    if (custom.success) {
      homebrew = true;
      const { image, jinxes: _jinxes, ...rest } = custom.data;
      // Spec 3 §3: the first image of a character, kept when it is an https address (the image opt-in
      // decides later whether a user's tokens draw it).
      const first = Array.isArray(image) ? image[0] : image;
      const picture = typeof first === 'string' && first.startsWith('https://') ? { image: first } : {};
      roles.push({ ...rest, ...picture, team: rest.team as Role['team'], isCustom: true });
    } else {
      for (const issue of custom.error.issues)
        issues.push({ path: [index, ...issue.path].join('.'), message: issue.message });
      if (official) {
        roles.push(official);
        return;
      }
      // Loading goes on with what can be kept: a character with an id, a name and a team.
      const loose = raw as { id?: unknown; name?: unknown; team?: unknown; ability?: unknown };
      const teamOk = team.safeParse(loose.team);
      if (typeof loose.id === 'string' && typeof loose.name === 'string' && teamOk.success) {
        homebrew = true;
        roles.push({
          id: loose.id.slice(0, 50),
          name: loose.name.slice(0, 30),
          team: teamOk.data as Role['team'],
          ability: typeof loose.ability === 'string' ? loose.ability.slice(0, 250) : '',
          isCustom: true,
        });
      }
    }
  });
  if (issues.length > 0) problems.push({ kind: 'schema', issues });
  if (unknown.length > 0) {
    problems.push({ kind: 'unknown', ids: unknown });
    return { ...empty, problems };
  }
  const metaData = meta as LoadedScript['meta'];
  return {
    editionId: homebrew ? 'homebrew' : 'custom',
    name: metaData?.name ?? '',
    author: metaData?.author ?? '',
    meta: metaData,
    roles: roles.filter((r) => r.team !== 'fabled' && r.team !== 'loric'),
    fabled: roles.filter((r) => r.team === 'fabled' || r.team === 'loric'),
    problems,
  };
};

/** The JSON schema published for script authors. */
export const scriptJsonSchema = (): unknown => z.toJSONSchema(scriptSchema, { unrepresentable: 'any' });
