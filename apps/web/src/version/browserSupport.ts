/**
 * Spec 1 §5 "Browser not supported": Safari up to major 11, Opera below 50, Internet Explorer and
 * Opera Mini. Read from the user agent, the only thing these old browsers tell.
 */
export const isUnsupportedBrowser = (userAgent: string): boolean => {
  if (/MSIE |Trident\//.test(userAgent)) return true;
  if (/Opera Mini/i.test(userAgent)) return true;
  // Chromium-based Opera names itself OPR/<major>; the old Presto Opera (before 15) "Opera/…".
  const opera = /\bOPR\/(\d+)/.exec(userAgent);
  if (opera) return Number(opera[1]) < 50;
  if (/^Opera\/|\bOpera\b/.test(userAgent)) return true;
  // Every iOS browser and Chrome, Edge or Firefox elsewhere also say "Safari": only Safari itself counts.
  const isSafari =
    /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|CriOS\/|FxiOS\/|EdgiOS\/|Edg\/|Android/.test(userAgent);
  const safari = isSafari ? /Version\/(\d+)/.exec(userAgent) : null;
  return safari !== null && Number(safari[1]) <= 11;
};
