/**
 * Opus in the offer a browser publishes (spec 2 §9: mono, DTX and FEC): Janus turns DTX on for a
 * publisher when its offer asks for it, and its answer then tells the browser to send silence as
 * almost nothing.
 */
export const withOpusOptions = (sdp: string): string => {
  const opus = /^a=rtpmap:(\d+) opus\/48000/im.exec(sdp)?.[1];
  if (!opus) return sdp;
  const wanted: Record<string, string> = { usedtx: '1', useinbandfec: '1', stereo: '0' };
  const line = new RegExp(`^a=fmtp:${opus} ([^\\r\\n]*)`, 'm');
  const found = line.exec(sdp);
  if (!found)
    return sdp.replace(
      new RegExp(`^(a=rtpmap:${opus} [^\\r\\n]*)(\\r?\\n)`, 'm'),
      `$1$2a=fmtp:${opus} ${format(wanted)}$2`,
    );
  const params = Object.fromEntries(
    found[1]!.split(';').flatMap((p) => {
      const [key, value] = p.trim().split('=');
      return key ? [[key, value ?? '']] : [];
    }),
  );
  return sdp.replace(line, `a=fmtp:${opus} ${format({ ...params, ...wanted })}`);
};

const format = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${value}`)
    .join(';');
