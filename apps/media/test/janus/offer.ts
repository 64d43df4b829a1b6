import { randomBytes } from 'node:crypto';
import type { JanusJsep } from '../../src/janus/messages';

const hex = (bytes: Buffer) => [...bytes].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
const token = (length: number) => randomBytes(length).toString('base64url').slice(0, length);

/**
 * A browser-like publisher offer (Opus with FEC and DTX on mid 0, VP8 on mid 1) without a browser behind it:
 * enough for Janus to negotiate and answer, never enough to connect (no candidates, no DTLS key).
 */
export function publisherOffer(): JanusJsep {
  const ice = [`a=ice-ufrag:${token(8)}`, `a=ice-pwd:${token(24)}`, 'a=ice-options:trickle'];
  const security = [`a=fingerprint:sha-256 ${hex(randomBytes(32))}`, 'a=setup:actpass'];
  const common = ['c=IN IP4 0.0.0.0', 'a=rtcp:9 IN IP4 0.0.0.0', ...ice, ...security, 'a=sendonly', 'a=rtcp-mux'];
  const sdp = [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'a=group:BUNDLE 0 1',
    'a=msid-semantic: WMS',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    ...common,
    'a=mid:0',
    'a=rtpmap:111 opus/48000/2',
    'a=fmtp:111 minptime=10;useinbandfec=1;usedtx=1',
    'a=ssrc:1111 cname:test',
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    ...common,
    'a=mid:1',
    'a=rtpmap:96 VP8/90000',
    'a=ssrc:2222 cname:test',
    '',
  ].join('\r\n');
  return { type: 'offer', sdp };
}

/** The ICE candidates of an SDP as [address, port]. */
export const candidates = (sdp: string): [string, number][] =>
  sdp
    .split(/\r?\n/)
    .filter((line) => line.startsWith('a=candidate:'))
    .map((line) => {
      const parts = line.split(' ');
      return [parts[4] ?? '', Number(parts[5])];
    });
