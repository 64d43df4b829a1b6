import { SESSION_DISCONNECTED } from '@belfry/engine';
import type { Ack } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { AppError } from '../api/appError';
import { RequestQueue } from './requestQueue';

type AnyAck = Ack<Record<string, unknown>>;

/** A sender whose answers the test releases by hand. */
const manualSender = () => {
  const sent: {
    event: string;
    payload: unknown;
    rid: string;
    answer: (ack: AnyAck) => void;
    fail: (e: unknown) => void;
  }[] = [];
  const send = (event: string, payload: unknown, rid: string) =>
    new Promise<AnyAck>((answer, fail) => sent.push({ event, payload, rid, answer, fail }));
  return { sent, send };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RequestQueue (spec 1 §7: one request at a time, each waits for its ack)', () => {
  it('sends the next request only after the previous one was acknowledged', async () => {
    const { sent, send } = manualSender();
    const queue = new RequestQueue(send, () => true);
    const first = queue.request('claimSeat', { index: 1 });
    const second = queue.request('claimSeat', { index: -1 });
    expect(sent.map((s) => s.event)).toEqual(['claimSeat']);
    expect(queue.pendingCount).toBe(2);

    sent[0]!.answer({ ok: true });
    await expect(first).resolves.toEqual({ ok: true });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.payload).toEqual({ index: -1 });

    sent[1]!.answer({ ok: true, serverTime: 5 });
    await expect(second).resolves.toEqual({ ok: true, serverTime: 5 });
    expect(queue.pendingCount).toBe(0);
  });

  it('rejects with the refusal the server acknowledged, and carries on', async () => {
    const { sent, send } = manualSender();
    const queue = new RequestQueue(send, () => true);
    const refused = queue.request('claimSeat', { index: 0 });
    const next = queue.request('addStoryteller', { id: 'u1' });
    sent[0]!.answer({ ok: false, error: { code: 'seat_taken', message: 'That seat is taken.' } });
    await expect(refused).rejects.toMatchObject({ code: 'seat_taken', message: 'That seat is taken.' });
    await flush();
    expect(sent).toHaveLength(2);
    sent[1]!.answer({ ok: true });
    await expect(next).resolves.toEqual({ ok: true });
  });

  it('refuses at once while disconnected, with "Session disconnected"', async () => {
    const { sent, send } = manualSender();
    const queue = new RequestQueue(send, () => false);
    const attempt = queue.request('claimSeat', { index: 0 });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'session_disconnected', message: SESSION_DISCONNECTED });
    expect(sent).toHaveLength(0);
  });

  it('failAll refuses the request in flight and the queued ones; a late answer changes nothing', async () => {
    const { sent, send } = manualSender();
    let connected = true;
    const queue = new RequestQueue(send, () => connected);
    const inFlight = queue.request('claimSeat', { index: 0 });
    const queued = queue.request('claimSeat', { index: 1 });
    connected = false;
    queue.failAll();
    await expect(inFlight).rejects.toMatchObject({ message: SESSION_DISCONNECTED });
    await expect(queued).rejects.toMatchObject({ message: SESSION_DISCONNECTED });

    connected = true;
    const fresh = queue.request('claimSeat', { index: 2 });
    expect(sent).toHaveLength(2); // the fresh request does not wait for the abandoned one
    sent[0]!.answer({ ok: true });
    await flush();
    expect(queue.pendingCount).toBe(1);
    sent[1]!.answer({ ok: true });
    await expect(fresh).resolves.toEqual({ ok: true });
  });

  it('turns a failed send (e.g. no ack in time) into an AppError', async () => {
    const { sent, send } = manualSender();
    const queue = new RequestQueue(send, () => true);
    const attempt = queue.request('ping', { sentAt: 1 });
    sent[0]!.fail(new AppError('timeout', ''));
    await expect(attempt).rejects.toMatchObject({ code: 'timeout' });
  });

  it('holds a request cut off by a dropped connection and sends it again with the same id (issue 16)', async () => {
    const { sent, send } = manualSender();
    let connected = true;
    const queue = new RequestQueue(send, () => connected);
    const vote = queue.request('vote', { vote: true });
    const after = queue.request('claimSeat', { index: 1 });
    connected = false;
    queue.hold();
    sent[0]!.fail(new Error('socket has been disconnected'));
    await flush();
    expect(queue.pendingCount).toBe(2); // neither refused nor sent on

    connected = true;
    queue.resume();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.event).toBe('vote');
    expect(sent[1]!.rid).toBe(sent[0]!.rid);
    expect(sent[1]!.rid).toMatch(/^[0-9a-f]{32}$/);

    sent[1]!.answer({ ok: true });
    await expect(vote).resolves.toEqual({ ok: true });
    await flush();
    expect(sent[2]!.event).toBe('claimSeat');
    expect(sent[2]!.rid).not.toBe(sent[0]!.rid);
    sent[2]!.answer({ ok: true });
    await expect(after).resolves.toEqual({ ok: true });
  });

  it('a held request fails as a disconnect when no connection comes back', async () => {
    const { sent, send } = manualSender();
    let connected = true;
    const queue = new RequestQueue(send, () => connected);
    const vote = queue.request('vote', { vote: true });
    connected = false;
    queue.hold();
    sent[0]!.fail(new Error('socket has been disconnected'));
    queue.failAll();
    await expect(vote).rejects.toMatchObject({ message: SESSION_DISCONNECTED });
  });
});
