import { availableParallelism } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import { isIPv4 } from 'node:net';
import { join } from 'node:path';

/** A TURN server Janus itself relays through (only when Janus sits behind a strict firewall). */
export interface JanusTurnServer {
  server: string;
  port: number;
  user: string;
  pwd: string;
  type?: 'udp' | 'tcp' | 'tls';
}

/** Shared-library file names per Janus module folder, e.g. `libjanus_sip.so`. */
export interface JanusModuleNames {
  plugins: readonly string[];
  transports: readonly string[];
  loggers: readonly string[];
  events: readonly string[];
}

export interface JanusConfigOptions {
  /** The folder the files are written to; Janus is started with `-F <configDir>`. */
  configDir: string;
  /** Port of the Janus WebSocket API, bound to 127.0.0.1 only. */
  wsPort: number;
  apiSecret: string;
  /** UDP ports for ICE/RTP, inclusive. */
  rtpPortRange: readonly [number, number];
  /** IPv4 address Janus gathers ICE candidates on and puts in its SDP. */
  interface: string;
  /** The public address of a 1:1 NAT in front of `interface` (cloud hosts). */
  natPublicIp?: string;
  stunServer?: { host: string; port?: number };
  turn?: JanusTurnServer;
  iceLite?: boolean;
  /** Janus debug level 0–7 (4 = info). */
  logLevel?: number;
  /** Folder holding `plugins/`, `transports/`, `loggers/` and `events/`; Janus's built-in default when absent. */
  libDir?: string;
  /** Seconds without a request before Janus drops a session (Janus's default: 60). */
  sessionTimeout?: number;
  /** Janus's `server_name`, answered by `info`; lets a caller tell its own Janus from another one. */
  serverName?: string;
  /** Modules found installed, so that every one of them but ours gets disabled by name. */
  installed?: Partial<JanusModuleNames>;
  /** Threads that serve every WebRTC handle (Janus's `event_loops`); default: one per core. */
  eventLoops?: number;
}

export interface JanusConfigFile {
  name: string;
  text: string;
}

export const VIDEOROOM_PLUGIN = 'libjanus_videoroom.so';
export const WEBSOCKETS_TRANSPORT = 'libjanus_websockets.so';

// The modules Debian's janus 1.1 ships. A module that is not disabled gets loaded, and those without a
// config file of their own (or without a broker to talk to, e.g. mqtt) print errors or open ports.
export const KNOWN_JANUS_MODULES: JanusModuleNames = {
  plugins: [
    'libjanus_audiobridge.so',
    'libjanus_duktape.so',
    'libjanus_echotest.so',
    'libjanus_lua.so',
    'libjanus_nosip.so',
    'libjanus_recordplay.so',
    'libjanus_sip.so',
    'libjanus_streaming.so',
    'libjanus_textroom.so',
    'libjanus_videocall.so',
    'libjanus_videoroom.so',
    'libjanus_voicemail.so',
  ],
  transports: [
    'libjanus_http.so',
    'libjanus_mqtt.so',
    'libjanus_nanomsg.so',
    'libjanus_pfunix.so',
    'libjanus_rabbitmq.so',
    'libjanus_websockets.so',
  ],
  loggers: ['libjanus_jsonlog.so'],
  events: [
    'libjanus_gelfevh.so',
    'libjanus_mqttevh.so',
    'libjanus_nanomsgevh.so',
    'libjanus_rabbitmqevh.so',
    'libjanus_sampleevh.so',
    'libjanus_wsevh.so',
  ],
};

type Value = string | number | boolean;
type Section = Record<string, Value | undefined>;

// libconfig strings: a quote or backslash must be escaped, and a control character could end the line
// early and smuggle in another setting, so those are refused outright.
const quote = (value: string): string => {
  const control = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (control) throw new Error('Janus config values may not hold control characters');
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
};

const render = (sections: Record<string, Section>): string =>
  Object.entries(sections)
    .map(([name, entries]) => {
      const lines = Object.entries(entries)
        .filter((entry): entry is [string, Value] => entry[1] !== undefined)
        .map(([key, value]) => `\t${key} = ${typeof value === 'string' ? quote(value) : String(value)}`);
      return lines.length === 0 ? `${name}: {\n}\n` : `${name}: {\n${lines.join('\n')}\n}\n`;
    })
    .join('\n');

const disabled = (kind: keyof JanusModuleNames, installed: Partial<JanusModuleNames> | undefined, keep?: string) => {
  const names = new Set([...KNOWN_JANUS_MODULES[kind], ...(installed?.[kind] ?? [])]);
  if (keep) names.delete(keep);
  return [...names].sort().join(',');
};

const isPort = (port: number) => Number.isInteger(port) && port > 0 && port < 65536;

const check = (options: JanusConfigOptions): void => {
  const [min, max] = options.rtpPortRange;
  if (!isPort(options.wsPort)) throw new Error(`wsPort must be a TCP port, got ${options.wsPort}`);
  if (!isPort(min) || !isPort(max) || min > max) throw new Error(`bad rtpPortRange ${min}-${max}`);
  if (options.wsPort >= min && options.wsPort <= max) throw new Error('wsPort lies inside rtpPortRange');
  // Janus answers 403 to every request when the secret is empty, which reads as a wrong secret.
  if (options.apiSecret.length === 0) throw new Error('apiSecret must not be empty');
  // IPv6 is switched off below, so an IPv6 interface would leave Janus with no candidate at all.
  if (!isIPv4(options.interface)) throw new Error(`interface must be an IPv4 address, got ${options.interface}`);
  if (options.natPublicIp !== undefined && !isIPv4(options.natPublicIp)) {
    throw new Error(`natPublicIp must be an IPv4 address, got ${options.natPublicIp}`);
  }
  const timeout = options.sessionTimeout;
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0)) {
    throw new Error(`sessionTimeout must be a positive number of seconds, got ${timeout}`);
  }
  const level = options.logLevel;
  if (level !== undefined && !(Number.isInteger(level) && level >= 0 && level <= 7)) {
    throw new Error(`logLevel must be 0-7, got ${level}`);
  }
};

/** The files of a Janus config folder that runs only VideoRoom behind a loopback WebSocket API. */
export function janusConfigFiles(options: JanusConfigOptions): JanusConfigFile[] {
  check(options);
  const { libDir, turn, stunServer } = options;
  const core = render({
    general: {
      configs_folder: options.configDir,
      plugins_folder: libDir && join(libDir, 'plugins'),
      transports_folder: libDir && join(libDir, 'transports'),
      events_folder: libDir && join(libDir, 'events'),
      loggers_folder: libDir && join(libDir, 'loggers'),
      debug_level: options.logLevel ?? 4,
      debug_timestamps: true,
      // Plain text: the driver quotes Janus's last lines in its errors.
      debug_colors: false,
      api_secret: options.apiSecret,
      token_auth: false,
      interface: options.interface,
      server_name: options.serverName ?? 'belfry-media',
      session_timeout: options.sessionTimeout ?? 60,
      hide_dependencies: true,
      // A plugin that fails to load should stop Janus, not leave it running without VideoRoom.
      exit_on_dl_error: true,
      // Without it Janus runs a thread per handle (two per user): at 8 rooms of 20, ~330 threads took
      // turns on one core. A loop per core serves them all (measured with bench/voice.ts).
      event_loops: options.eventLoops ?? availableParallelism(),
    },
    certificates: {},
    media: {
      ipv6: false,
      ipv6_linklocal: false,
      rtp_port_range: `${options.rtpPortRange[0]}-${options.rtpPortRange[1]}`,
      no_media_timer: 1,
      // Janus's default (0) never reports slowlink; a few lost packets per second is worth hearing about.
      slowlink_threshold: 4,
    },
    nat: {
      nice_debug: false,
      full_trickle: false,
      ice_lite: options.iceLite ?? false,
      // Janus's candidates only ever come from the configured address (libnice otherwise takes every
      // interface, and a loopback-only list silently falls back to all of them).
      ice_enforce_list: options.interface,
      ignore_mdns: true,
      nat_1_1_mapping: options.natPublicIp,
      stun_server: stunServer?.host,
      stun_port: stunServer && (stunServer.port ?? 3478),
      turn_server: turn?.server,
      turn_port: turn?.port,
      turn_type: turn && (turn.type ?? 'udp'),
      turn_user: turn?.user,
      turn_pwd: turn?.pwd,
    },
    plugins: { disable: disabled('plugins', options.installed, VIDEOROOM_PLUGIN) },
    transports: { disable: disabled('transports', options.installed, WEBSOCKETS_TRANSPORT) },
    loggers: { disable: disabled('loggers', options.installed) },
    events: { broadcast: false, disable: disabled('events', options.installed) },
  });
  const websockets = render({
    general: {
      json: 'compact',
      events: false,
      ws: true,
      ws_port: options.wsPort,
      ws_ip: '127.0.0.1',
      // A second fence in case the bind above ever widens: only local callers are answered.
      ws_acl: '127.',
      wss: false,
      ws_logging: 'err,warn',
    },
    admin: { admin_ws: false, admin_wss: false },
  });
  // Rooms are created at run time through the API, never from the file.
  const videoroom = render({ general: {} });
  return [
    { name: 'janus.jcfg', text: core },
    { name: 'janus.transport.websockets.jcfg', text: websockets },
    { name: 'janus.plugin.videoroom.jcfg', text: videoroom },
  ];
}

/** Writes the config files into `dir` (created if needed); `options.configDir` should name the same folder. */
export async function writeJanusConfig(dir: string, options: JanusConfigOptions): Promise<JanusConfigFile[]> {
  const files = janusConfigFiles(options);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The files hold the API secret.
  await Promise.all(files.map((file) => writeFile(join(dir, file.name), file.text, { mode: 0o600 })));
  return files;
}
