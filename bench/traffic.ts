/**
 * The seat traffic both servers carry, so Belfry and the ws relay see the same pattern and count.
 * Step k of a session: player p = 1 + k mod (sockets − 1) acts on its own seat p − 1, claiming it in
 * even rounds and vacating it in odd ones. Giving every player its own seat keeps refusals out of a
 * latency benchmark: no two players ever race for a seat.
 */
export interface SeatStep {
  /** Index of the acting socket within its session (0 is the Storyteller and never acts). */
  player: number;
  seat: number;
  claim: boolean;
}

export const stepsPerSession = (sockets: number, rounds: number) => (sockets - 1) * rounds;

export const seatStep = (step: number, sockets: number): SeatStep => {
  const players = sockets - 1;
  const player = 1 + (step % players);
  return { player, seat: player - 1, claim: Math.floor(step / players) % 2 === 0 };
};
