/**
 * npm run bench:all -w bench: every figure of the load issue in one run and one table: closed and open
 * loop against the ws relay, idle cost, chat cost, bytes per vote step and per join. The defaults
 * finish in a few minutes on 2 cores; README.md gives the settings of the full 500 x 16 run.
 */
import { main } from './run';

await main(
  'npm run bench:all -w bench',
  { sessions: 100, sockets: 16, rounds: 4, maxLoadSeconds: 60, openSeconds: 30, idleSeconds: 60, probes: true },
  'bench-all.json',
);
