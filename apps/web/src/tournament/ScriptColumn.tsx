import { roleById, scriptDownload } from '@belfry/content';
import type { Role } from '@belfry/engine';
import type { ScriptAnswer } from '@belfry/protocol';
import { useTranslation } from 'react-i18next';
import { useRoleText } from '../characters/contentTexts';
import { GameIcon } from '../ui/icons/GameIcon';
import { roleIconName } from '../ui/icons/iconNames';
import { shownImage, useImageOptIn } from '../ui/imageOptIn';
import { formatPoints } from './matchText';
import { scriptTeams } from './scriptTeams';

export interface SideResult {
  points: number;
  votes: number;
  share: number | null;
}

interface ScriptColumnProps {
  script: ScriptAnswer;
  side: 0 | 1;
  /** The reader's vote is on this script. */
  chosen: boolean;
  busy: boolean;
  onChoose: () => void;
  /** Once the match is counted. */
  result: SideResult | null;
}

/** A data link holding a Belfry script file made from the tournament script's characters (spec 3 §3). */
const scriptFileHref = (script: ScriptAnswer) => {
  const roles = script.characters.map(roleById).filter((role): role is Role => role !== undefined);
  const file = scriptDownload({ name: script.name, author: script.author }, roles, []);
  return {
    name: file.fileName,
    href: `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(file.json, null, 2))}`,
  };
};

/**
 * One side of a match page: the script's logo (only with the image opt-in and an https address), name,
 * author, rule and description, the vote button, the result once counted, its files, and the page we
 * render from the script: its characters by team with Belfry's own ability texts.
 */
export function ScriptColumn({ script, side, chosen, busy, onChoose, result }: ScriptColumnProps) {
  const { t, i18n } = useTranslation();
  const roleText = useRoleText();
  const logo = shownImage(script.assets.logo ?? script.assets.logoClean ?? undefined, useImageOptIn());
  // The release host's script file when there is one (it may hold the script's own characters), else ours.
  const file = script.assets.script ? { href: script.assets.script, name: undefined } : scriptFileHref(script);
  const headingId = `tournament-side-${side}-name`;
  const link = (href: string | null) => (href && /^https?:\/\//.test(href) ? href : null);
  return (
    <section
      className={`tournament-side ${chosen ? 'tournament-side--chosen' : ''}`}
      aria-labelledby={headingId}
      data-testid={`tournament-side-${side}`}
      data-script={script.id}
    >
      <header className="tournament-side__head">
        {logo ? (
          <img className="tournament-side__logo" src={logo} alt="" referrerPolicy="no-referrer" />
        ) : (
          <span className="tournament-side__logo tournament-side__logo--text" aria-hidden="true">
            {script.name.slice(0, 1)}
          </span>
        )}
        <div>
          <h2 id={headingId} className="tournament-side__name">
            {script.name}
          </h2>
          {script.author && <p className="muted">{t('tournament.by_author', { author: script.author })}</p>}
        </div>
      </header>
      <button
        type="button"
        className={`button ${chosen ? 'button--primary' : 'button--secondary'} tournament-side__vote`}
        aria-pressed={chosen}
        disabled={busy}
        onClick={onChoose}
        data-testid={`tournament-vote-${side}`}
      >
        {chosen ? t('tournament.vote.chosen') : t('tournament.vote.choose', { name: script.name })}
      </button>
      {result && (
        <p className="tournament-side__result" data-testid={`tournament-result-${side}`} data-points={result.points}>
          <strong>{t('tournament.result.points', { points: formatPoints(i18n.language, result.points) })}</strong>
          <span className="muted">
            {result.share === null
              ? t('tournament.result.no_votes')
              : t('tournament.result.votes', { count: result.votes, share: result.share })}
          </span>
          {result.share !== null && (
            <span className="tournament-side__bar" aria-hidden="true">
              <span style={{ width: `${result.share}%` }} />
            </span>
          )}
        </p>
      )}
      {script.rule && (
        <p className="tournament-side__rule">
          <strong>{t('tournament.rule')}</strong> {script.rule}
        </p>
      )}
      {script.description && <p className="tournament-side__description">{script.description}</p>}
      <p className="tournament-side__links">
        {link(script.url) && (
          <a href={link(script.url)!} target="_blank" rel="noreferrer noopener">
            {t('tournament.links.page')}
          </a>
        )}
        {link(script.assets.pdf) && (
          <a href={link(script.assets.pdf)!} target="_blank" rel="noreferrer noopener">
            {t('tournament.links.pdf')}
          </a>
        )}
        <a
          href={file.href}
          download={file.name}
          target={file.name ? undefined : '_blank'}
          rel="noreferrer noopener"
          data-testid={`tournament-download-${side}`}
        >
          {t('tournament.links.json')}
        </a>
      </p>
      {scriptTeams(script.characters).map((team) => (
        <section key={team.team} className="tournament-side__team" data-testid={`tournament-team-${side}-${team.team}`}>
          <h3 className="tournament-side__team-name">
            {t(`game.teams.${team.team}`)} <span className="muted">{team.roles.length}</span>
          </h3>
          <ul className="tournament-side__roles">
            {team.roles.map((stored) => {
              const role = roleText.role(stored);
              return (
                <li key={role.id} className="tournament-role" data-testid={`tournament-role-${side}-${role.id}`}>
                  <span className={`role-badge role-badge--${role.team}`} aria-hidden="true">
                    <GameIcon name={roleIconName(role)} />
                  </span>
                  <span className="tournament-role__text">
                    <span className="tournament-role__name">{role.name}</span>
                    <span className="tournament-role__ability">{role.ability}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}
