import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listRecords } from './api';
import './records.css';

/** How often, and how long apart, the link looks for a record the server is still writing. */
const TRIES = 3;
const RETRY_MS = 2_000;

/**
 * After the end of a game: a link to its record, for those who took part. `endedAt` (the end's
 * time in the game history) picks this game's record among the session's.
 */
export function RecordLink({
  sessionId,
  endedAt,
  recordPath,
}: {
  sessionId: string;
  endedAt: number;
  recordPath: (id: string) => string;
}) {
  const { t } = useTranslation();
  const [found, setFound] = useState<{ endedAt: number; id: string } | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = (left: number) => {
      listRecords(0, sessionId).then(
        (list) => {
          if (!live) return;
          const row = list.rows.find((r) => Math.abs(r.endedAt - endedAt) < 1_000);
          if (row) setFound({ endedAt, id: row.id });
          else if (left > 1) timer = setTimeout(() => look(left - 1), RETRY_MS);
        },
        () => undefined,
      );
    };
    look(TRIES);
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [sessionId, endedAt]);
  // A link found for an earlier game of this session is not this game's.
  const id = found?.endedAt === endedAt ? found.id : null;
  if (!id) return null;
  return (
    <Link className="button button--secondary button--small record-link" to={recordPath(id)} data-testid="record-link">
      {t('records.open_record')}
    </Link>
  );
}
