import type { SessionView } from '@belfry/engine';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { seatPositions } from '../ui/seatLayout';
import { dialGeometry, seatDegrees } from './dialGeometry';
import type { DiscreteClock } from './useVoteClock';
import type { VoteClock } from './voteClock';
import { HandIcon, LockIcon, SkullIcon } from '../ui/icons/InlineIcons';

const pct = (value: number) => `${value}%`;

interface VoteDialProps {
  view: SessionView;
  clock: DiscreteClock | null;
  /** Votes as shown (the viewer's own hand may be ahead of the view). */
  votes: readonly number[];
  /** The viewer's seat just snapped back after a refusal (replays with each new serial). */
  snapSerial: number | null;
  /** Gets the function that moves the hand and the sweep each animation frame. */
  registerFrame: (draw: ((clock: VoteClock) => void) | null) => void;
  picking: { nominator: number | null } | null;
  onPick: (seat: number) => void;
}

/**
 * The vote drawn over the seat circle: the nominator's and the nominee's pointers (they rotate in
 * when a nomination is made), the clock hand and the arc it has swept, a ring on the seat being
 * counted, raised hands on the seats (locked ones with a lock), the mark for execution, and while
 * nominating, a target over each occupied seat.
 */
export function VoteDial({ view, clock, votes, snapSerial, registerFrame, picking, onPick }: VoteDialProps) {
  const { t } = useTranslation();
  const seats = view.seats.length;
  const geometry = dialGeometry(seats);
  const positions = seatPositions(seats);
  const nomination = view.vote.nomination;
  const handRef = useRef<SVGGElement>(null);
  const sweepRef = useRef<SVGCircleElement>(null);

  // Pointers rotate in from the top when a nomination appears.
  const [settled, setSettled] = useState(false);
  const nominationId = nomination ? nomination.join(':') : '';
  useEffect(() => {
    if (!nominationId) return;
    const raf = requestAnimationFrame(() => setSettled(true));
    return () => {
      cancelAnimationFrame(raf);
      setSettled(false);
    };
  }, [nominationId]);

  const draw = useCallback(
    (frame: VoteClock) => {
      if (!nomination) return;
      const hand = handRef.current;
      const sweep = sweepRef.current;
      const handSeat = nomination[1] + 1 + frame.hand;
      if (hand) hand.style.transform = `rotate(${seatDegrees(handSeat, seats)}deg)`;
      if (sweep) {
        const counting = frame.stage === 'counting' || frame.stage === 'paused' || frame.stage === 'done';
        const swept = counting ? Math.min(seats, frame.hand + 1) : 0;
        sweep.style.strokeDasharray = `${swept} ${seats + 1}`;
      }
    },
    [nomination, seats],
  );
  useEffect(() => {
    registerFrame(draw);
    return () => registerFrame(null);
  }, [draw, registerFrame]);

  const ownSeat = view.viewer.seat;
  const marked = view.vote.markedPlayer;
  const stage = clock?.stage ?? 'none';
  const handVisible = nomination !== null;
  const lockedSeats = clock?.lockedSeats ?? 0;
  const positionOf = (index: number) => (nomination ? (((index - nomination[1] - 1) % seats) + seats) % seats : -1);

  const pointer = (index: number, kind: 'nominator' | 'nominee', nudge = 0) => {
    const degrees = settled ? seatDegrees(index, seats) + nudge : 0;
    const { pointerFrom: from, pointerTo: to } = geometry;
    const head = Math.min(3.2, (to - from) * 0.4);
    return (
      <g
        className={`vote-pointer vote-pointer--${kind}`}
        style={{ transform: `rotate(${degrees}deg)` }}
        data-testid={`vote-pointer-${kind}`}
        data-seat={index}
      >
        <line x1="50" y1={50 - from} x2="50" y2={50 - to + head * 0.6} />
        <path d={`M ${50 - head * 0.55} ${50 - to + head} L 50 ${50 - to} L ${50 + head * 0.55} ${50 - to + head} Z`} />
      </g>
    );
  };

  const handSeatPosition = clock && clock.handSeat >= 0 ? positions[clock.handSeat] : undefined;
  const showHandRing =
    handSeatPosition && (stage === 'counting' || stage === 'paused' || stage === 'countdown' || stage === 'check');

  return (
    <div
      className={`vote-dial vote-dial--${stage}`}
      style={{ '--vote-token': geometry.token } as CSSProperties}
      data-testid="vote-dial"
    >
      <svg className="vote-dial__svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        {nomination && (
          <>
            <circle className="vote-dial__track" cx="50" cy="50" r={geometry.dial} />
            <circle
              ref={sweepRef}
              className="vote-dial__sweep"
              cx="50"
              cy="50"
              r={geometry.dial}
              pathLength={seats}
              style={{
                transform: `rotate(${seatDegrees(nomination[1], seats) - 90}deg)`,
                strokeDasharray: `0 ${seats + 1}`,
              }}
            />
            {showHandRing && (
              <circle
                key={clock?.handSeat}
                className="vote-dial__counting"
                cx={handSeatPosition.x}
                cy={handSeatPosition.y}
                r={geometry.token / 2 + 0.9}
              />
            )}
            {pointer(nomination[0], 'nominator', nomination[0] === nomination[1] ? -360 / seats / 6 : 0)}
            {pointer(nomination[1], 'nominee', nomination[0] === nomination[1] ? 360 / seats / 6 : 0)}
            {handVisible && (
              <g ref={handRef} className="vote-hand" data-testid="vote-hand" data-seat={clock?.handSeat ?? -1}>
                <path d={`M 49.2 50 L 50 ${50 - geometry.dial} L 50.8 50 Z`} className="vote-hand__needle" />
                <circle cx="50" cy={50 - geometry.dial} r="1.1" className="vote-hand__tip" />
              </g>
            )}
          </>
        )}
      </svg>

      {nomination &&
        positions.map(({ index, x, y }) => {
          const seat = view.seats[index];
          if (!seat) return null;
          const hands = votes[index] ?? 0;
          const locked = positionOf(index) < lockedSeats;
          const mine = index === ownSeat;
          const snapped = mine && snapSerial !== null && hands === 0;
          if (hands <= 0 && !locked && !snapped) return null;
          const classes = [
            'vote-seat',
            hands > 0 ? 'vote-seat--up' : 'vote-seat--down',
            locked ? 'vote-seat--locked' : '',
            mine ? 'vote-seat--mine' : '',
          ].join(' ');
          const label =
            hands > 0
              ? t(locked ? 'vote.seat.locked' : 'vote.seat.open', { number: index + 1, count: hands })
              : t('vote.seat.locked_down', { number: index + 1 });
          return (
            <span
              key={index}
              className={classes}
              style={{ left: pct(x), top: pct(y) }}
              data-testid={`vote-seat-${index}`}
              data-votes={hands}
              data-locked={locked ? 'true' : 'false'}
              title={hands > 0 || locked ? label : undefined}
            >
              {locked && <span className="vote-seat__veil" aria-hidden="true" />}
              {hands > 0 && (
                <span className="vote-seat__hand" aria-hidden="true">
                  <HandIcon />
                  {hands > 1 && <span className="vote-seat__count">×{hands}</span>}
                </span>
              )}
              {/* The viewer's hand went back after a refusal: it drops away. */}
              {snapped && (
                <span key={snapSerial} className="vote-seat__hand vote-seat__hand--snap" aria-hidden="true">
                  <HandIcon />
                </span>
              )}
              {locked && (
                <span className="vote-seat__lock" aria-hidden="true">
                  <LockIcon />
                </span>
              )}
              {(hands > 0 || locked) && <span className="visually-hidden">{label}</span>}
            </span>
          );
        })}

      {marked >= 0 && positions[marked] && (
        <span
          className="vote-marked"
          style={{
            left: pct(positions[marked].x),
            top: pct(positions[marked].y - geometry.token / 2),
          }}
          data-testid={`seat-${marked}-vote-marked`}
          title={t('vote.marked_label', { number: marked + 1 })}
        >
          <SkullIcon />
          <span className="visually-hidden">{t('vote.marked_label', { number: marked + 1 })}</span>
        </span>
      )}

      {picking && (
        <div className="vote-pick" role="group" aria-label={t('vote.pick.group')}>
          {positions.map(({ index, x, y }) => {
            const seat = view.seats[index];
            if (!seat || seat.id === '') return null;
            const name = view.users[seat.id]?.username ?? t('grimoire.seat.unknown_user');
            const chosen = picking.nominator === index;
            return (
              <button
                key={index}
                type="button"
                className={`vote-pick__seat ${chosen ? 'vote-pick__seat--chosen' : ''}`}
                style={{ left: pct(x), top: pct(y), width: pct(geometry.token), height: pct(geometry.token) }}
                onClick={() => onPick(index)}
                data-testid={`nominate-seat-${index}`}
                aria-label={t(picking.nominator === null ? 'vote.pick.as_nominator' : 'vote.pick.as_nominee', {
                  number: index + 1,
                  name,
                })}
              >
                {chosen && <span className="vote-pick__tag">{t('vote.nominator')}</span>}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
