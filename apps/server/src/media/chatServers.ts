import { CHAT_SERVER_HEALTH_CACHE_MS, chatServerRefusal } from '@belfry/engine';
import { type ChatServerInfo, healthColor, mediaHealth } from '@belfry/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServerConfig } from '../config';

/** A chat server that has not answered within this long counts as down until the next check. */
const HEALTH_TIMEOUT_MS = 3_000;

interface Checked {
  at: number;
  info: ChatServerInfo;
}

/**
 * The configured chat servers and their health (spec 2 §7: GET {chatserver}/health with a bearer
 * token, cached for 180 s). Belfry's server asks, not the browser, so the bearer never leaves the
 * servers, and the 200-user rule is checked where it cannot be skipped.
 */
export class ChatServers {
  private readonly cache = new Map<string, Checked>();
  private readonly pending = new Map<string, Promise<ChatServerInfo>>();
  private readonly byHost: Map<string, ChatServerConfig>;

  constructor(
    servers: ChatServerConfig[],
    readonly secret: string | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.byHost = new Map(servers.map((s) => [new URL(s.url).host, s]));
    if (servers.length > 0 && !secret) {
      throw new Error('CHAT_SERVERS is set but MEDIA_SECRET is not: the chat servers need the same secret.');
    }
  }

  /** Every configured chat server in the configured order, with its (cached) health. */
  list(): Promise<ChatServerInfo[]> {
    return Promise.all([...this.byHost.keys()].map((host) => this.check(host) as Promise<ChatServerInfo>));
  }

  /** Where browsers open the chat media socket: the chat server's URL, or '' for Belfry's own address. */
  browserUrlOf(host: string): string | undefined {
    const server = host ? this.byHost.get(host) : undefined;
    return server && (server.viaBelfry ? '' : server.url);
  }

  /** The configured base URL of a chat server, by the host a session names. */
  urlOf(host: string): string | undefined {
    return host ? this.byHost.get(host)?.url : undefined;
  }

  /** What the engine judges a choice by: the user count, or undefined for a host not ours or not answering. */
  async usersOf(host: string): Promise<number | undefined> {
    return (await this.check(host))?.health?.users;
  }

  /** One chat server's info, or null when the host is not one of ours. */
  async check(host: string): Promise<ChatServerInfo | null> {
    const server = this.byHost.get(host);
    if (!server) return null;
    const cached = this.cache.get(host);
    if (cached && this.now() - cached.at < CHAT_SERVER_HEALTH_CACHE_MS) return cached.info;
    // Callers arriving during a check share it: one request per server at a time.
    let pending = this.pending.get(host);
    if (!pending) {
      pending = this.fetchHealth(host, server).finally(() => this.pending.delete(host));
      this.pending.set(host, pending);
    }
    return pending;
  }

  /** For a session created with "automatic": the least loaded chat server that can be chosen, or ''. */
  async leastBusy(): Promise<string> {
    const usable = (await this.list()).flatMap(({ host, health }) =>
      health && !chatServerRefusal(health.users) ? [{ host, ...health }] : [],
    );
    usable.sort((a, b) => a.load - b.load || a.users - b.users);
    return usable[0]?.host ?? '';
  }

  private async fetchHealth(host: string, server: ChatServerConfig): Promise<ChatServerInfo> {
    let health: ChatServerInfo['health'] = null;
    try {
      const res = await fetch(new URL('/health', server.url), {
        headers: { authorization: `Bearer ${this.secret}` },
        signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const figures = mediaHealth.parse(await res.json());
      health = { ...figures, color: healthColor(figures.load) };
    } catch (error) {
      this.log.warn({ host, err: String(error) }, 'chat server health check failed');
    }
    const info: ChatServerInfo = { host, name: server.name, health };
    this.cache.set(host, { at: this.now(), info });
    return info;
  }
}
