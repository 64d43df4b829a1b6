import type { SessionView } from '@belfry/engine';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useView } from '../session/sessionStore';
import { PlayerDock } from './PlayerDock';
import { NominatePrompt, QuickAction, StorytellerDock } from './StorytellerDock';
import { useVoteClock, type DiscreteClock } from './useVoteClock';
import { castVote, runVoteAction } from './voteActions';
import { VoteCentre } from './VoteCentre';
import type { VoteClock } from './voteClock';
import { VoteDial } from './VoteDial';
import { useVoteHistory, VoteHistoryButton, VoteHistoryDialog } from './VoteHistory';
import { isStorytellerView, nominateControl, ownVote, seesVoteHistory, visibleCount } from './voteRules';
import { playVoteSound, tickSound } from './voteSounds';
import { cancelNomination, nominationKey, toggleVoteDock, useVoteStore } from './voteStore';
import { serverNow } from '../time/serverClock';
import './Vote.css';
import { useKeybindings } from '../ui/keybindings';
import { normalizeKey } from '../ui/shortcuts';

/** The keys bound to "vote or raise hand" right now (read at each press: a rebinding applies at once). */
const isVoteKey = (key: string): boolean => useKeybindings.getState().bindings.raiseHand.includes(normalizeKey(key));

/**
 * The vote overlay (spec 1 §2, issue 6), mounted once over the Grimoire's table. It draws over the
 * seat circle while a nomination exists, docks the controls beside the circle (Storytellers always,
 * for nominating; seated players during a nomination), and puts the vote-history count in the top
 * bar for those who may see it.
 */
export function VoteOverlay() {
  const view = useView();
  if (!view) return null;
  return <VoteOverlayFor view={view} />;
}

function VoteOverlayFor({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const vote = view.vote;
  const seats = view.seats.length;
  const storyteller = isStorytellerView(view);
  const nomination = vote.nomination;
  const key = nominationKey(nomination);
  const picking = useVoteStore((state) => state.picking);
  const own = useVoteStore((state) => state.own);
  const refusal = useVoteStore((state) => state.refusal);
  const history = useVoteHistory(view);
  const dockOpen = useVoteStore((state) => state.dockOpen);

  // The hand and the sweep move every frame through the dial's draw function (no re-render).
  const drawRef = useRef<((clock: VoteClock) => void) | null>(null);
  const registerFrame = useCallback((draw: ((clock: VoteClock) => void) | null) => {
    drawRef.current = draw;
  }, []);
  const onFrame = useCallback((clock: VoteClock) => drawRef.current?.(clock), []);
  const onChange = useCallback(
    (previous: DiscreteClock, next: DiscreteClock) => {
      if (next.stage === 'countdown' && next.countdown !== null && next.countdown !== previous.countdown) {
        playVoteSound('countdown', next.countdown === 0);
      } else if (
        (next.stage === 'counting' || next.stage === 'done') &&
        next.lockedSeats > previous.lockedSeats &&
        (previous.stage === 'counting' || previous.stage === 'countdown' || previous.stage === 'check')
      ) {
        playVoteSound(tickSound(vote.speed));
      }
    },
    [vote.speed],
  );
  const clock = useVoteClock(vote, seats, onFrame, onChange);

  // Someone else's hand goes up: the cast sound (the viewer's own plays when it is made).
  const previousVotes = useRef<{ key: string; votes: readonly number[] }>({ key, votes: vote.votes });
  useEffect(() => {
    const before = previousVotes.current;
    previousVotes.current = { key, votes: vote.votes };
    if (before.key !== key) return;
    const raised = vote.votes.some((v, i) => i !== view.viewer.seat && v > (before.votes[i] ?? 0));
    if (raised) playVoteSound('voteCast');
  }, [key, vote.votes, view.viewer.seat]);

  // The optimistic own hand, over the view's, for this nomination only.
  const ownValue = own && own.nomination === key && own.seat === view.viewer.seat ? own.value : null;
  const votes = ownValue === null ? vote.votes : vote.votes.map((v, i) => (i === own?.seat ? ownValue : v));
  const count = visibleCount(view, ownValue === null ? undefined : { seat: view.viewer.seat, value: ownValue });

  // Nominating ends when it is no longer possible (night fell, a vote started elsewhere).
  const canNominate = nominateControl(view).enabled;
  useEffect(() => {
    if (picking && !canNominate) cancelNomination();
  }, [picking, canNominate]);

  const onPick = (seat: number) => {
    if (!picking) return;
    if (picking.nominator === null) {
      useVoteStore.setState({ picking: { nominator: seat } });
      return;
    }
    const nominator = picking.nominator;
    cancelNomination();
    void runVoteAction('vote-nominate', 'nomination', { nominator, nominee: seat });
  };

  // Keyboard: Escape leaves nominating; the vote-or-hand key (Space unless the user rebound it, spec 3 §9)
  // is the seated player's vote while a nomination is open.
  const viewRef = useRef(view);
  const valueRef = useRef(ownValue);
  useEffect(() => {
    viewRef.current = view;
    valueRef.current = ownValue;
  });
  useEffect(() => {
    let swallowKeyUp = false;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && useVoteStore.getState().picking) {
        cancelNomination();
        return;
      }
      if (!isVoteKey(event.key) || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
      // Spec 1 §5: shortcuts are ignored while typing; an open dialogue has the keyboard.
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('input, select, textarea, [contenteditable="true"]')) return;
      if (document.querySelector('dialog[open]')) return;
      const current = viewRef.current;
      const mine = ownVote(current, serverNow(), valueRef.current ?? undefined);
      if (!mine) return;
      // During a nomination the key is the vote (a raised hand is ignored then anyway), also on a focused
      // button, which would otherwise be pressed by it.
      event.preventDefault();
      event.stopImmediatePropagation();
      swallowKeyUp = true;
      if (event.repeat || !mine.control.enabled) return;
      void castVote(current, mine.value > 0 ? 0 : 1);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (!isVoteKey(event.key) || !swallowKeyUp) return;
      swallowKeyUp = false;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, []);

  const showDial = nomination !== null || vote.markedPlayer >= 0 || picking !== null;
  const playerDock = nomination !== null && !storyteller && view.viewer.seat >= 0;
  const dock = storyteller || playerDock;

  return (
    <div
      className={`vote-overlay ${nomination ? 'vote-overlay--active' : ''} ${picking ? 'vote-overlay--picking' : ''}`}
      data-testid="vote-overlay-root"
    >
      {showDial && (
        <div
          className="vote-overlay__circle"
          data-testid={nomination ? 'vote-overlay' : undefined}
          data-stage={clock.stage}
        >
          <VoteDial
            view={view}
            clock={nomination ? clock : null}
            votes={votes}
            snapSerial={refusal?.serial ?? null}
            registerFrame={registerFrame}
            picking={picking}
            onPick={onPick}
          />
          {nomination && <VoteCentre view={view} clock={clock} count={count} />}
        </div>
      )}

      {dock && (
        <aside
          className={`vote-dock ${dockOpen ? 'vote-dock--open' : ''} ${storyteller ? 'vote-dock--storyteller' : 'vote-dock--player'}`}
          aria-label={t('vote.dock_label')}
          data-testid="vote-dock"
        >
          <div className="vote-dock__header">
            <h2 className="vote-dock__title">{t(nomination ? 'vote.title_active' : 'vote.title')}</h2>
            {storyteller && !dockOpen && <QuickAction view={view} clock={nomination ? clock : null} />}
            <button
              type="button"
              className="button button--tiny button--ghost vote-dock__toggle"
              aria-expanded={dockOpen}
              onClick={toggleVoteDock}
              data-testid="vote-dock-toggle"
            >
              {t(dockOpen ? 'vote.dock_less' : 'vote.dock_more')}
            </button>
          </div>
          {storyteller && picking && <NominatePrompt view={view} nominator={picking.nominator} />}
          <div className="vote-dock__body">
            {storyteller ? (
              <StorytellerDock view={view} clock={nomination ? clock : null} />
            ) : (
              <PlayerDock view={view} clock={clock} value={ownValue ?? vote.votes[view.viewer.seat] ?? 0} />
            )}
          </div>
        </aside>
      )}

      {seesVoteHistory(view) && (
        <>
          <VoteHistoryButton count={history.length} />
          <VoteHistoryDialog view={view} entries={history} />
        </>
      )}
    </div>
  );
}
