import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Readings of other processes from /proc (Linux): the CPU time of the chat server and its Janus, who
 * is whose child, and UDP packets the kernel dropped because a socket's receive buffer was full.
 */

/** Linux reports process times in /proc/<pid>/stat in USER_HZ ticks, 100 per second for user space. */
const TICK_MS = 10;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or null when gone. */
const statFields = (pid: number): string[] | null => {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
};

/** user + system ms of every thread of `pid` (fields 14 and 15 of proc(5)); null when it is gone. */
export const processCpuMs = (pid: number): number | null => {
  const fields = statFields(pid);
  if (!fields) return null;
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * TICK_MS : null;
};

/**
 * Ms the threads of `pid` spent ready to run but waiting for a core, summed over its threads (the
 * second field of each /proc/<pid>/task/<tid>/schedstat, in ns); null where the kernel keeps none.
 */
export const processWaitMs = (pid: number): number | null => {
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        // the thread ended meanwhile
      }
    }
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
};

export const isAlive = (pid: number): boolean => {
  const fields = statFields(pid);
  return fields !== null && fields[0] !== 'Z';
};

/** The live children of `pid` (field 4 of proc(5) is the parent's pid). */
export const childrenOf = (pid: number): number[] => {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === pid && fields[0] !== 'Z') out.push(Number(entry));
  }
  return out;
};

export const commandName = (pid: number): string | null => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
};

/** Pins every thread of `pid` (and the threads it starts later) to `cpu` with util-linux's taskset. */
export const pinToCpu = (pid: number, cpu: number): boolean =>
  spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' }).status === 0;

const socketInodes = (pid: number): Set<string> => {
  const inodes = new Set<string>();
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.add(match[1]!);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // process gone
  }
  return inodes;
};

/**
 * UDP datagrams dropped so far at the sockets of each process (the last column of /proc/net/udp, which
 * lists this network namespace's sockets only): a receiver that fell behind loses packets here.
 */
export const udpDrops = (pids: Record<string, number>): Record<string, number> => {
  const owners = new Map<string, string>();
  for (const [name, pid] of Object.entries(pids)) for (const inode of socketInodes(pid)) owners.set(inode, name);
  const drops: Record<string, number> = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  let text: string;
  try {
    text = fs.readFileSync('/proc/net/udp', 'utf8');
  } catch {
    return drops;
  }
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 13) continue;
    const owner = owners.get(fields[9]!);
    if (owner !== undefined) drops[owner] = (drops[owner] ?? 0) + Number(fields.at(-1));
  }
  return drops;
};
