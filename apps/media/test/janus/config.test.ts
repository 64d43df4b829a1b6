import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  janusConfigFiles,
  KNOWN_JANUS_MODULES,
  writeJanusConfig,
  type JanusConfigOptions,
} from '../../src/janus/config';

const base: JanusConfigOptions = {
  configDir: '/tmp/janus-test',
  wsPort: 18188,
  apiSecret: 'the-api-secret',
  rtpPortRange: [20000, 20099],
  interface: '10.213.0.1',
};

/** Reads a generated jcfg file back into { section: { key: raw value } }. */
function readJcfg(text: string): Record<string, Record<string, string>> {
  const sections: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    const open = /^(\w[\w-]*): \{$/.exec(line);
    const item = /^\t(\w+) = (.*)$/.exec(line);
    if (open?.[1]) current = sections[open[1]] = {};
    else if (line === '}') current = undefined;
    else if (item?.[1] && item[2] !== undefined && current) current[item[1]] = item[2];
    else if (line.trim() !== '') throw new Error(`unexpected line: ${line}`);
  }
  return sections;
}

const files = (options: Partial<JanusConfigOptions> = {}) => {
  const generated = janusConfigFiles({ ...base, ...options });
  const byName = (name: string) => {
    const file = generated.find((f) => f.name === name);
    if (!file) throw new Error(`${name} missing`);
    return readJcfg(file.text);
  };
  return {
    names: generated.map((f) => f.name),
    core: byName('janus.jcfg'),
    ws: byName('janus.transport.websockets.jcfg'),
    videoroom: byName('janus.plugin.videoroom.jcfg'),
  };
};

const list = (value: string | undefined) => (value ?? '').replace(/^"|"$/g, '').split(',');

describe('Janus config (apps/media/src/janus/config)', () => {
  it('writes the core, the WebSockets transport and the VideoRoom plugin files', () => {
    expect(files().names.sort()).toEqual([
      'janus.jcfg',
      'janus.plugin.videoroom.jcfg',
      'janus.transport.websockets.jcfg',
    ]);
  });

  it('holds the API secret, the interface and the RTP port range', () => {
    const { core } = files();
    expect(core.general?.api_secret).toBe('"the-api-secret"');
    expect(core.general?.interface).toBe('"10.213.0.1"');
    expect(core.nat?.ice_enforce_list).toBe('"10.213.0.1"');
    expect(core.media?.rtp_port_range).toBe('"20000-20099"');
    expect(core.media?.ipv6).toBe('false');
    expect(core.nat?.ignore_mdns).toBe('true');
    expect(core.general?.admin_secret).toBeUndefined();
  });

  it('binds the WebSocket API to loopback only and keeps the admin API off', () => {
    const { ws } = files();
    expect(ws.general).toMatchObject({ ws: 'true', ws_port: '18188', ws_ip: '"127.0.0.1"', ws_acl: '"127."' });
    expect(ws.general?.wss).toBe('false');
    expect(ws.admin).toEqual({ admin_ws: 'false', admin_wss: 'false' });
  });

  it('disables every known plugin, transport, logger and event handler but VideoRoom and WebSockets', () => {
    const { core } = files({ installed: { plugins: ['libjanus_custom.so'], transports: [] } });
    const plugins = list(core.plugins?.disable);
    expect(plugins).not.toContain('libjanus_videoroom.so');
    expect(plugins).toContain('libjanus_custom.so');
    for (const name of KNOWN_JANUS_MODULES.plugins.filter((n) => n !== 'libjanus_videoroom.so')) {
      expect(plugins).toContain(name);
    }
    const transports = list(core.transports?.disable);
    expect(transports).not.toContain('libjanus_websockets.so');
    expect(transports).toEqual(expect.arrayContaining(['libjanus_http.so', 'libjanus_mqtt.so', 'libjanus_nanomsg.so']));
    expect(list(core.loggers?.disable)).toEqual(['libjanus_jsonlog.so']);
    expect(list(core.events?.disable).sort()).toEqual([...KNOWN_JANUS_MODULES.events].sort());
    expect(core.events?.broadcast).toBe('false');
  });

  it('names no STUN or TURN server unless given one', () => {
    const plain = files().core.nat ?? {};
    expect(Object.keys(plain).filter((key) => /stun|turn|nat_1_1/.test(key))).toEqual([]);
    const { core } = files({
      stunServer: { host: 'stun.example.org' },
      turn: { server: 'turn.example.org', port: 3478, user: 'u', pwd: 'p' },
      natPublicIp: '203.0.113.7',
      iceLite: true,
    });
    expect(core.nat).toMatchObject({
      stun_server: '"stun.example.org"',
      stun_port: '3478',
      turn_server: '"turn.example.org"',
      turn_port: '3478',
      turn_type: '"udp"',
      turn_user: '"u"',
      turn_pwd: '"p"',
      nat_1_1_mapping: '"203.0.113.7"',
      ice_lite: 'true',
    });
  });

  it('sets module folders only when given a lib folder', () => {
    expect(files().core.general?.plugins_folder).toBeUndefined();
    const { core } = files({ libDir: '/opt/janus/lib/janus' });
    expect(core.general?.plugins_folder).toBe('"/opt/janus/lib/janus/plugins"');
    expect(core.general?.transports_folder).toBe('"/opt/janus/lib/janus/transports"');
  });

  it('escapes quotes and refuses values that could end a line', () => {
    expect(files({ apiSecret: 'a"b\\c' }).core.general?.api_secret).toBe('"a\\"b\\\\c"');
    expect(() => files({ apiSecret: 'a\nplugins: {' })).toThrow(/control characters/);
  });

  it('refuses bad ports, an empty secret and a non-IPv4 interface', () => {
    expect(() => files({ wsPort: 0 })).toThrow(/wsPort/);
    expect(() => files({ rtpPortRange: [20100, 20000] })).toThrow(/rtpPortRange/);
    expect(() => files({ wsPort: 20050 })).toThrow(/inside rtpPortRange/);
    expect(() => files({ apiSecret: '' })).toThrow(/apiSecret/);
    expect(() => files({ interface: '::1' })).toThrow(/IPv4/);
    expect(() => files({ interface: 'eth0' })).toThrow(/IPv4/);
    expect(() => files({ logLevel: 9 })).toThrow(/logLevel/);
  });

  describe('writeJanusConfig', () => {
    let dir = '';
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('writes the files readable by the owner only, as they hold the secret', async () => {
      dir = await mkdtemp(join(tmpdir(), 'belfry-janus-config-'));
      const written = await writeJanusConfig(dir, { ...base, configDir: dir });
      for (const file of written) {
        expect(await readFile(join(dir, file.name), 'utf8')).toBe(file.text);
        expect((await stat(join(dir, file.name))).mode & 0o077).toBe(0);
      }
    });
  });
});
