import type { ScriptProblem } from '@belfry/content';
import { MAX_MESSAGE_BYTES } from '@belfry/protocol';

/** One entry of the alert shown after a script was read (spec 3 §5 and §8). */
export interface EditionAlert {
  kind: ScriptProblem['kind'] | 'fetch' | 'homebrew' | 'payload';
  /** i18n keys: the heading of this part and its text (with `params`). */
  titleKey: string;
  textKey: string;
  params: Record<string, string | number>;
  /** Schema issues, each with its JSON path and message. */
  issues?: { path: string; message: string }[];
  /** Unknown character ids. */
  ids?: string[];
}

/** Problems that stop the script from being used at all. */
const FATAL: ReadonlySet<EditionAlert['kind']> = new Set(['size', 'characters', 'parse', 'fetch', 'payload']);

export const isFatal = (alerts: readonly EditionAlert[]): boolean => alerts.some((alert) => FATAL.has(alert.kind));

/**
 * The loader's dotted path ("3.reminders.0") as a JSON path ("$[3].reminders[0]"): list positions in
 * brackets, names after a dot; the whole script is "$".
 */
export const jsonPath = (path: string): string =>
  path === ''
    ? '$'
    : `$${path
        .split('.')
        .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
        .join('')}`;

/** One schema issue as a line: its JSON path, then the message. */
export const issueLine = (issue: { path: string; message: string }): string =>
  `${jsonPath(issue.path)}: ${issue.message}`;

const alertFor = (problem: ScriptProblem): EditionAlert => {
  switch (problem.kind) {
    case 'size':
      return {
        kind: 'size',
        titleKey: 'edition.error_title',
        textKey: 'edition.error_size',
        params: { actual: problem.actualMb, allowed: problem.allowedMb },
      };
    case 'characters':
      return {
        kind: 'characters',
        titleKey: 'edition.error_title',
        textKey: 'edition.error_character',
        params: { count: problem.count, allowed: problem.allowed },
      };
    case 'schema':
      return {
        kind: 'schema',
        titleKey: 'edition.error_script',
        textKey: 'edition.error_script_text',
        params: { count: problem.issues.length },
        issues: problem.issues,
      };
    case 'unknown':
      return {
        kind: 'unknown',
        titleKey: 'edition.error_custom',
        textKey: 'edition.error_loading',
        params: { count: problem.ids.length, ids: problem.ids.join(', ') },
        ids: problem.ids,
      };
    case 'parse':
      return {
        kind: 'parse',
        titleKey: 'edition.error_custom',
        textKey: 'edition.error_parse',
        params: { message: problem.message },
      };
  }
};

/** Spec 3 §4: a homebrew script alerts while the image opt-in is off. */
export const homebrewAlert = (): EditionAlert => ({
  kind: 'homebrew',
  titleKey: 'edition.homebrew_title',
  textKey: 'edition.homebrew_text',
  params: {},
});

/** Spec 3 §5: a URL that could not be fetched alerts with the message. */
export const fetchAlert = (message: string): EditionAlert => ({
  kind: 'fetch',
  titleKey: 'edition.error_custom',
  textKey: 'edition.error_fetch',
  params: { message },
});

/**
 * The alerts for a script read by loadScript, the fatal ones first. The homebrew alert comes only
 * for a homebrew script that was loaded, when images are not opted in.
 */
export const scriptAlerts = (
  problems: readonly ScriptProblem[],
  options: { isHomebrew: boolean; isImageOptIn: boolean },
): EditionAlert[] => {
  const alerts = problems.map(alertFor).sort((a, b) => Number(FATAL.has(b.kind)) - Number(FATAL.has(a.kind)));
  if (options.isHomebrew && !options.isImageOptIn && !isFatal(alerts)) alerts.push(homebrewAlert());
  return alerts;
};

const payloadBytes = (payload: unknown): number => new TextEncoder().encode(JSON.stringify(payload)).length;

/** The server reads messages of at most 64 KB: a larger script is refused before it is sent. */
export const payloadAlert = (payload: unknown): EditionAlert | null => {
  const bytes = payloadBytes(payload);
  if (bytes <= MAX_MESSAGE_BYTES) return null;
  return {
    kind: 'payload',
    titleKey: 'edition.error_title',
    textKey: 'edition.error_payload',
    params: { actual: Math.ceil(bytes / 1024), allowed: MAX_MESSAGE_BYTES / 1024 },
  };
};
