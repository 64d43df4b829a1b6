import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toAppError } from '../api/appError';
import { translateServerMessage } from '../i18n/serverMessages';
import { PATHS } from '../routing/paths';
import { importTournament } from './moderationApi';
import { closeModeration } from './moderationStore';

/** The server takes a request body of at most 128 KB (apps/server/src/app.ts). */
const MAX_FILE_BYTES = 128 * 1024;

type Outcome =
  | { kind: 'imported'; scripts: number; matches: number; playoffs: number; kept: number }
  | { kind: 'failed'; key: string; problems: string[] };

/** A refusal with paths ("scripts.3.id: This script id is used twice.; …") as one line per problem. */
const problemsOf = (message: string): string[] =>
  message
    .split('; ')
    .filter(Boolean)
    .map((problem) => {
      const colon = problem.indexOf(': ');
      return colon === -1
        ? translateServerMessage(problem)
        : `${problem.slice(0, colon)}: ${translateServerMessage(problem.slice(colon + 2))}`;
    });

/**
 * Issue 21 (staff, special-tpi): import the tournament from a JSON file. The server checks it against
 * the published schema and Belfry's catalogue and names every problem by its path; nothing changes
 * then. Importing replaces the tournament (see apps/server/src/tournament/README.md for kept votes).
 */
export function TournamentImport() {
  const { t } = useTranslation();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const upload = async (file: File) => {
    setFileName(file.name);
    setOutcome(null);
    if (file.size > MAX_FILE_BYTES) {
      setOutcome({ kind: 'failed', key: 'moderation.tournament.too_large', problems: [] });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setOutcome({ kind: 'failed', key: 'moderation.tournament.invalid_json', problems: [] });
      return;
    }
    setBusy(true);
    try {
      const answer = await importTournament(parsed);
      setOutcome({
        kind: 'imported',
        scripts: answer.scripts,
        matches: answer.matches,
        playoffs: answer.playoffs,
        kept: answer.keptVotes,
      });
    } catch (error) {
      const appError = toAppError(error);
      setOutcome(
        appError.code === 'bad_request'
          ? { kind: 'failed', key: 'moderation.tournament.rejected', problems: problemsOf(appError.message) }
          : {
              kind: 'failed',
              key: 'moderation.tournament.failed',
              problems: [translateServerMessage(appError.message)],
            },
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section className="moderation__setting" aria-labelledby={headingId} data-testid="moderation-tournament">
      <h3 id={headingId} className="moderation__heading">
        {t('moderation.tournament.title')}
      </h3>
      <p className="muted">
        {t('moderation.tournament.text')}{' '}
        <a href="/tournament-schema.json" target="_blank" rel="noreferrer noopener">
          {t('moderation.tournament.schema')}
        </a>
      </p>
      <div className="moderation__setting-row moderation__setting-row--files">
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
          data-testid="moderation-tournament-file"
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => input.current?.click()}
          data-testid="moderation-tournament-choose"
        >
          {busy ? t('moderation.tournament.importing') : t('moderation.tournament.choose')}
        </button>
        <span className="muted">{fileName ?? t('moderation.tournament.no_file')}</span>
        <Link className="button button--ghost" to={PATHS.tournament} onClick={closeModeration}>
          {t('moderation.tournament.open')}
        </Link>
      </div>
      <div className="moderation__status" aria-live="polite" data-testid="moderation-tournament-message">
        {outcome?.kind === 'imported' && (
          <p data-kind="ok">
            {t('moderation.tournament.imported', {
              scripts: outcome.scripts,
              matches: outcome.matches,
              playoffs: outcome.playoffs,
              kept: outcome.kept,
            })}
          </p>
        )}
        {outcome?.kind === 'failed' && (
          <div className="form-error" data-kind="error">
            <p>{t(outcome.key)}</p>
            {outcome.problems.length > 0 && (
              <ul data-testid="moderation-tournament-problems">
                {outcome.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
