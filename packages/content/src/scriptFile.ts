import type { Role } from '@belfry/engine';

/**
 * What a script file is, apart from the schema that checks one (script.ts), so that the screens that
 * only size or write a script do not load zod.
 */

/** Spec 3 §5 / §9: a custom script file is at most 1 MB and holds at most 150 characters. */
export const MAX_SCRIPT_BYTES = 1024 * 1024;
export const MAX_SCRIPT_CHARACTERS = 150;

export type ScriptProblem =
  | { kind: 'size'; actualMb: number; allowedMb: number }
  | { kind: 'characters'; count: number; allowed: number }
  | { kind: 'schema'; issues: { path: string; message: string }[] }
  | { kind: 'unknown'; ids: string[] }
  | { kind: 'parse'; message: string };

/** Spec 3 §3 Script download: _meta first, the roles, then the fabled except Bootlegger and Djinn. */
export const scriptDownload = (
  meta: { name: string; author: string },
  roles: readonly Role[],
  fabled: readonly Role[],
): { fileName: string; json: unknown[] } => {
  const list = [
    { id: '_meta', name: meta.name, author: meta.author },
    ...roles.map((r) => (r.isCustom ? r : r.id)),
    ...fabled.filter((f) => f.id !== 'bootlegger' && f.id !== 'djinn').map((f) => (f.isCustom ? f : f.id)),
  ];
  const base = meta.name.replace(/[\p{P}\p{S}\s]/gu, '');
  return { fileName: `${base || 'custom-script'}.json`, json: list };
};
