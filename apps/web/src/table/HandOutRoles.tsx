import type { SessionView } from '@belfry/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { GameIcon } from '../ui/icons/GameIcon';
import { TEAM_ICONS, UI_ICONS } from '../ui/icons/iconNames';
import { useIsPending } from '../session/sessionStore';
import { distributeRoles } from '../session/gameActions';
import { byTeam, editionOf, scriptCharacters } from '../characters/catalogue';
import {
  bagSeats,
  buildDistribution,
  isSelectionReady,
  maxCopies,
  MIN_DISTRIBUTION_PLAYERS,
  normalizeSelection,
  overLimitRoles,
  randomSelection,
  selectedCount,
  selectedSetupRoles,
  teamCounts,
  type DistributionTeam,
  type Selection,
  withCount,
} from '../characters/distributionPick';
import { closeGameDialog } from '../session/gameUiStore';
import { DISTRIBUTION_PAGE_SIZE, pageOf } from '../characters/pickers';
import { Pager, Tabs } from '../ui/PickerParts';
import { RoleToken } from '../ui/tokens/RoleToken';
import { DISTRIBUTION_TEAMS, distributionCell, townCounts } from './townInfo';
import { useRoleText } from '../characters/contentTexts';

/**
 * Spec 3 §2 Roles distribution: choose exactly as many characters as there are non-traveller
 * players from the script (7 per page), against the distribution table's counts; a warning when
 * setup characters are chosen. Handing out sends `distributeRoles` (one entry per seat).
 */
export function HandOutRoles({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const pending = useIsPending('hand-out');
  const roles = scriptCharacters(view).sort(byTeam);
  const players = bagSeats(view.seats).length;
  const wanted = townCounts(view.seats).distribution;
  const [selection, setSelection] = useState<Selection>(() =>
    // Start from the characters already in play, cut back to what may be chosen.
    normalizeSelection(
      Object.fromEntries(
        roles.flatMap((role) => {
          const count = view.seats.filter((seat) => seat.role?.id === role.id).length;
          return count > 0 ? [[role.id, count]] : [];
        }),
      ),
      roles,
      players,
    ),
  );
  const [team, setTeam] = useState<DistributionTeam>('townsfolk');
  const [page, setPage] = useState(0);
  const chosen = teamCounts(selection, roles);
  const total = selectedCount(selection);
  const setup = selectedSetupRoles(selection, roles);
  const ready = isSelectionReady(selection, players, roles);
  const overLimit = overLimitRoles(selection, roles, players);
  const list = roles.filter((role) => role.team === team);
  const shown = pageOf(list, page, DISTRIBUTION_PAGE_SIZE);

  // Taking the Atheist out cuts every other role back to what it may be without it (spec 3 §5).
  const change = (id: string, count: number) =>
    setSelection((current) => withCount(current, id, count, roles, players));

  const submit = () => {
    if (!ready) return;
    void distributeRoles(buildDistribution(view.seats, selection, roles));
  };

  return (
    <Modal
      title={t('game.hand_out.title')}
      onDismiss={closeGameDialog}
      testId="hand-out-dialog"
      className="dialog--picker"
    >
      <p className="card__text">{t('game.hand_out.text', { count: players, edition: editionOf(view).name })}</p>
      <ul className="distribution" aria-label={t('game.town.distribution')}>
        {DISTRIBUTION_TEAMS.map((name) => {
          const want = wanted?.[name];
          const state =
            want === undefined ? 'unknown' : chosen[name] === want ? 'ok' : chosen[name] > want ? 'over' : 'under';
          return (
            <li
              key={name}
              className={`team-count team-count--${name} distribution__team distribution__team--${state}`}
              data-testid={`distribution-${name}`}
              data-selected={chosen[name]}
              data-wanted={want ?? '?'}
            >
              <GameIcon name={TEAM_ICONS[name]!} className="team-count__icon" />
              <span className="team-count__value">
                {chosen[name]} / {distributionCell(wanted, name)}
              </span>
              <span className="team-count__label">{t(`game.teams.${name}`)}</span>
            </li>
          );
        })}
      </ul>
      <Tabs
        tabs={DISTRIBUTION_TEAMS.map((name) => ({ id: name, label: t(`game.teams.${name}`), count: chosen[name] }))}
        current={team}
        onChange={(next) => {
          setTeam(next as DistributionTeam);
          setPage(0);
        }}
        testIdPrefix="hand-out-tab"
      />
      <ul className="hand-out__list">
        {shown.items.map((role) => {
          const count = selection[role.id] ?? 0;
          const max = maxCopies(role, selection, players);
          return (
            <li key={role.id} className={`hand-out__role ${count > 0 ? 'hand-out__role--chosen' : ''}`}>
              <RoleToken role={role} className="role-token--mini" />
              <span className="hand-out__text">
                <span className="hand-out__name">
                  {roleText.role(role).name}
                  {role.setup && <span className="hand-out__setup">{t('game.hand_out.setup_tag')}</span>}
                  {max === 0 && (
                    <span className="hand-out__setup" data-testid={`distribution-role-${role.id}-atheist-only`}>
                      {t('distribution.atheist_only')}
                    </span>
                  )}
                </span>
                <span className="hand-out__ability">{roleText.role(role).ability}</span>
              </span>
              {max > 1 ? (
                <span className="stepper">
                  <button
                    type="button"
                    className="button button--tiny button--ghost"
                    onClick={() => change(role.id, count - 1)}
                    disabled={count === 0}
                    aria-label={t('game.hand_out.less', { name: roleText.role(role).name })}
                    data-testid={`distribution-role-${role.id}-less`}
                  >
                    −
                  </button>
                  <span className="stepper__value">{count}</span>
                  <button
                    type="button"
                    className="button button--tiny button--ghost"
                    onClick={() => change(role.id, count + 1)}
                    disabled={count >= max}
                    aria-label={t('game.hand_out.more', { name: roleText.role(role).name })}
                    data-testid={`distribution-role-${role.id}`}
                  >
                    +
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className={`button button--small ${count > 0 ? 'button--primary' : 'button--secondary'}`}
                  onClick={() => change(role.id, count > 0 ? 0 : 1)}
                  aria-pressed={count > 0}
                  disabled={max === 0 && count === 0}
                  title={max === 0 ? t('game.hand_out.bag_disabled') : undefined}
                  data-testid={`distribution-role-${role.id}`}
                >
                  {t(count > 0 ? 'game.hand_out.chosen' : 'game.hand_out.choose')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Pager page={shown.page} pages={shown.pages} onPage={setPage} testIdPrefix="hand-out-page" />
      {players < MIN_DISTRIBUTION_PLAYERS && (
        <p className="notice notice--warn" data-testid="hand-out-min">
          {t('distribution.min_players', { count: MIN_DISTRIBUTION_PLAYERS })}
        </p>
      )}
      {overLimit.length > 0 && (
        <p className="notice notice--warn" data-testid="hand-out-over-limit">
          {t('distribution.over_limit', { names: overLimit.map((role) => roleText.role(role).name).join(', ') })}
        </p>
      )}
      {setup.length > 0 && (
        <p className="notice notice--warn" data-testid="hand-out-setup-warning">
          {t('game.hand_out.setup_warning', { names: setup.map((role) => roleText.role(role).name).join(', ') })}
        </p>
      )}
      <p className={`hand-out__status ${ready ? 'hand-out__status--ready' : ''}`} data-testid="hand-out-status">
        {t('game.hand_out.status', { count: total, players })}
      </p>
      <div className="dialog__buttons dialog__buttons--spread">
        <span className="dialog__buttons-start">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => wanted && setSelection(randomSelection(roles, wanted))}
            disabled={!wanted}
            data-testid="hand-out-random"
          >
            <GameIcon name={UI_ICONS.dice} className="button__icon" />
            {t('game.hand_out.random')}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setSelection({})}
            data-testid="hand-out-clear"
          >
            {t('game.hand_out.clear')}
          </button>
        </span>
        <button type="button" className="button button--secondary" onClick={closeGameDialog}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={submit}
          disabled={!ready || pending}
          data-testid="hand-out-submit"
        >
          {t('game.hand_out.submit')}
        </button>
      </div>
    </Modal>
  );
}
