import type { SessionView } from '@belfry/engine';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CentreOverlay } from './CentreOverlay';
import { SeatToken } from './SeatToken';
import { circleRadius, seatPositions, TOKEN_UNIT_PERCENT, tokenSizeBase } from '../ui/seatLayout';

/** The town square: seats around a circle, sized by how many there are, with the overlays in its centre. */
export function SeatCircle({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const count = view.seats.length;
  const positions = seatPositions(count);
  // The token size in percent of the circle; every part of a seat is sized relative to it.
  const style = {
    '--token': tokenSizeBase(count) * TOKEN_UNIT_PERCENT,
    '--ring': circleRadius(count),
  } as CSSProperties;

  // Pointing arrows (spec 1 §2): from each pointing player's seat towards the seat they chose.
  const pointers = view.pointing?.pointers ?? {};
  const targetOf = new Map<number, number>();
  const pointedBy = new Map<number, number>();
  for (const [userId, target] of Object.entries(pointers)) {
    const from = view.seats.findIndex((seat) => seat.id === userId);
    if (from >= 0) targetOf.set(from, target);
    pointedBy.set(target, (pointedBy.get(target) ?? 0) + 1);
  }
  const angleTo = (from: number): number | null => {
    const target = targetOf.get(from);
    const a = positions[from];
    const b = target === undefined ? undefined : positions[target];
    if (!a || !b || target === from) return null;
    return (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  };

  return (
    <div className="circle" style={style} data-testid="seat-circle" data-seats={count}>
      <div className="circle__ring" aria-hidden="true" />
      <div className="circle__centre">
        <CentreOverlay view={view} />
      </div>
      <ol className="circle__seats" aria-label={t('grimoire.circle.label')}>
        {positions.map((position) => (
          <SeatToken
            key={position.index}
            view={view}
            index={position.index}
            x={position.x}
            y={position.y}
            angle={position.angle}
            pointAngle={angleTo(position.index)}
            pointedBy={pointedBy.get(position.index) ?? 0}
          />
        ))}
      </ol>
    </div>
  );
}
