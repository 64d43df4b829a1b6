import type { Role, SessionView } from '@belfry/engine';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { GameIcon } from '../../ui/icons/GameIcon';
import { roleIconName, UI_ICONS } from '../../ui/icons/iconNames';
import {
  almanacLink,
  downloadHref,
  editionInitials,
  groupByTeam,
  jinxKeysByRole,
  sheetDownload,
  sheetJinxes,
  sheetRoles,
} from './sheetData';
import { jinxElementId, showJinx } from './sideTabs';
import { useRoleText } from '../../characters/contentTexts';

interface CharacterSheetProps {
  view: SessionView;
  /** mid: names only; open: abilities, jinxes and the footnote. */
  detail: 'mid' | 'open';
  /** Offered only where the browser has Document Picture-in-Picture. */
  onPopout?: () => void;
  /** Shown in the pop-out window: back into the tab. */
  onPopin?: () => void;
  /** The sheet's element (measured for the pop-out window's height). */
  sheetRef?: Ref<HTMLDivElement>;
}

/** A character's icon in its team's colour. */
export function RoleBadge({ role, size = 'normal' }: { role: Role; size?: 'normal' | 'small' }) {
  return (
    <span className={`role-badge role-badge--${role.team} role-badge--${size}`} aria-hidden="true">
      <GameIcon name={roleIconName(role)} />
    </span>
  );
}

/**
 * Spec 3 §4 Character sheet: the script's logo (typographic), name and author (linked to the
 * almanac when there is one), the characters by team with Belfry's ability texts, the jinxes between
 * characters present, the pop-out and download buttons and a footnote.
 */
export function CharacterSheet({ view, detail, onPopout, onPopin, sheetRef }: CharacterSheetProps) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const roles = sheetRoles(view).map(roleText.role);
  const groups = groupByTeam(roles);
  const jinxes = sheetJinxes(roles);
  const jinxesOfRole = jinxKeysByRole(jinxes);
  const file = sheetDownload(view);
  const almanac = almanacLink(view.edition);
  const name = view.edition.name || t('sheet.untitled');
  const open = detail === 'open';

  return (
    <div className={`sheet sheet--${detail}`} ref={sheetRef} data-testid="character-sheet" data-detail={detail}>
      <header className="sheet__head">
        <span className="sheet__logo" aria-hidden="true">
          {editionInitials(name) || '?'}
        </span>
        <div className="sheet__titles">
          <h2 className="sheet__name" data-testid="sheet-title">
            {name}
          </h2>
          {view.edition.author && (
            <p className="sheet__author" data-testid="sheet-author">
              {almanac ? (
                <a href={almanac} target="_blank" rel="noreferrer noopener">
                  {t('sheet.author', { author: view.edition.author })}
                </a>
              ) : (
                t('sheet.author', { author: view.edition.author })
              )}
            </p>
          )}
        </div>
        <div className="sheet__actions">
          {onPopout && (
            <button
              type="button"
              className="button button--tiny button--ghost"
              onClick={onPopout}
              data-testid="sheet-popout"
            >
              {t('sheet.popout')}
            </button>
          )}
          {onPopin && (
            <button
              type="button"
              className="button button--tiny button--ghost"
              onClick={onPopin}
              data-testid="sheet-popin"
            >
              {t('sheet.popin')}
            </button>
          )}
          {file && (
            <a
              className="button button--tiny button--secondary"
              href={downloadHref(file)}
              download={file.fileName}
              data-testid="sheet-download"
            >
              {t('sheet.download')}
            </a>
          )}
        </div>
      </header>

      {groups.length === 0 && <p className="sheet__empty">{t('sheet.empty')}</p>}
      {groups.map((group) => (
        <section
          key={group.team}
          className={`sheet__team sheet__team--${group.team}`}
          data-testid={`sheet-team-${group.team}`}
        >
          <h3 className="sheet__team-name">
            {t(`game.teams.${group.team}`)}
            <span className="sheet__count">{group.roles.length}</span>
          </h3>
          <ul className="sheet__roles">
            {group.roles.map((role) => {
              const keys = jinxesOfRole.get(role.id) ?? [];
              return (
                <li
                  key={role.id}
                  className="sheet__role"
                  data-testid={`sheet-role-${role.id}`}
                  title={open ? undefined : role.ability}
                >
                  <RoleBadge role={role} />
                  <div className="sheet__role-text">
                    <span className="sheet__role-name">
                      {role.name}
                      {role.isCustom && <span className="sheet__custom">{t('sheet.custom')}</span>}
                      {keys.map((key) => (
                        <button
                          key={key}
                          type="button"
                          className="sheet__jinx-mark"
                          onClick={() => showJinx(key)}
                          aria-label={t('sheet.jinx_link', { name: role.name })}
                          title={t('sheet.jinx_link', { name: role.name })}
                          data-testid={`sheet-jinx-link-${key}`}
                        >
                          {t('sheet.jinx_mark')}
                        </button>
                      ))}
                    </span>
                    {open && role.ability && <span className="sheet__ability">{role.ability}</span>}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}

      {open && jinxes.length > 0 && (
        <section className="sheet__jinxes" data-testid="sheet-jinxes">
          <h3 className="sheet__team-name">{t('sheet.jinxes')}</h3>
          <ul className="sheet__roles">
            {jinxes.map((jinx) => (
              <li
                key={jinx.key}
                id={jinxElementId(jinx.key)}
                className="sheet__jinx"
                data-testid={`sheet-jinx-${jinx.key}`}
              >
                <span className="sheet__jinx-pair">
                  <RoleBadge role={jinx.first} size="small" />
                  <RoleBadge role={jinx.second} size="small" />
                </span>
                <div className="sheet__role-text">
                  <span className="sheet__role-name">
                    {t('sheet.jinx_pair', { first: jinx.first.name, second: jinx.second.name })}
                  </span>
                  <span className="sheet__ability">{roleText.jinx(jinx.first.id, jinx.second.id, jinx.reason)}</span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      {open && (
        <p className="sheet__footnote">
          <GameIcon name={UI_ICONS.sheet} />
          {t('sheet.footnote')}
        </p>
      )}
    </div>
  );
}
