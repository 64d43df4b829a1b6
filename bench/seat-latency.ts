/**
 * npm run bench: how long a seat claim takes to reach every client of a session under load, in a
 * closed and an open loop, next to a bare WebSocket relay carrying the same traffic on the same
 * machine, with each side's CPU. See README.md.
 */
import { main } from './run';

await main('npm run bench', {}, 'seat-latency.json');
