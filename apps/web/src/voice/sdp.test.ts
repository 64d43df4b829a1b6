import { describe, expect, it } from 'vitest';
import { withOpusOptions } from './sdp';

const offer = [
  'v=0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63',
  'a=mid:0',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:63 red/48000/2',
  '',
].join('\r\n');

describe('the Opus options of a published offer (spec 2 §9: mono, DTX and FEC)', () => {
  it('asks for DTX and FEC in mono, keeping what the browser set', () => {
    const out = withOpusOptions(offer);
    expect(out).toContain('a=fmtp:111 minptime=10;useinbandfec=1;usedtx=1;stereo=0\r\n');
    expect(out.split('\r\n')).toHaveLength(offer.split('\r\n').length);
  });

  it('adds the line when the browser gave none, and leaves an offer without Opus alone', () => {
    const bare = offer.replace('a=fmtp:111 minptime=10;useinbandfec=1\r\n', '');
    expect(withOpusOptions(bare)).toContain(
      'a=rtpmap:111 opus/48000/2\r\na=fmtp:111 usedtx=1;useinbandfec=1;stereo=0\r\n',
    );
    const video = 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000\r\n';
    expect(withOpusOptions(video)).toBe(video);
  });
});
