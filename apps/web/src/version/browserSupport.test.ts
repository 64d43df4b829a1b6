import { describe, expect, it } from 'vitest';
import { shownVersion } from './appMode';
import { isUnsupportedBrowser } from './browserSupport';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const safari = (major: number) =>
  `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${major}.1 Safari/605.1.15`;
const opera = (major: number) => `${CHROME} OPR/${major}.0.2254.0`;

describe('browser not supported (spec 1 §5)', () => {
  it('names Safari up to major 11, and not 12', () => {
    expect(isUnsupportedBrowser(safari(10))).toBe(true);
    expect(isUnsupportedBrowser(safari(11))).toBe(true);
    expect(isUnsupportedBrowser(safari(12))).toBe(false);
    expect(isUnsupportedBrowser(safari(17))).toBe(false);
  });

  it('names Opera below 50, and not 50', () => {
    expect(isUnsupportedBrowser(opera(49))).toBe(true);
    expect(isUnsupportedBrowser(opera(50))).toBe(false);
    expect(isUnsupportedBrowser('Opera/9.80 (Windows NT 6.1; U; en) Presto/2.10.289 Version/12.02')).toBe(true);
  });

  it('names Internet Explorer and Opera Mini', () => {
    expect(isUnsupportedBrowser('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(isUnsupportedBrowser('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)')).toBe(true);
    expect(
      isUnsupportedBrowser('Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16'),
    ).toBe(true);
  });

  it('lets Chrome, Firefox, Edge and iOS browsers through', () => {
    expect(isUnsupportedBrowser(CHROME)).toBe(false);
    expect(isUnsupportedBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0')).toBe(false);
    expect(isUnsupportedBrowser(`${CHROME} Edg/120.0.0.0`)).toBe(false);
    expect(
      isUnsupportedBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 10_3 like Mac OS X) AppleWebKit/603.1.30 (KHTML, like Gecko) CriOS/90.0 Mobile/14E277 Safari/602.1',
      ),
    ).toBe(false);
  });
});

describe('the installed app (spec 1 §2)', () => {
  it('shows the version with the -app suffix only when standalone', () => {
    expect(shownVersion('3.46.4', true)).toBe('3.46.4-app');
    expect(shownVersion('3.46.4', false)).toBe('3.46.4');
  });
});
