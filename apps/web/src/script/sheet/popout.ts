/** Document Picture-in-Picture (Chromium-based browsers): a small always-on-top window with our DOM. */
interface DocumentPictureInPicture {
  requestWindow(options?: { width?: number; height?: number }): Promise<Window>;
  readonly window: Window | null;
}

const api = (): DocumentPictureInPicture | null =>
  typeof window !== 'undefined'
    ? ((window as { documentPictureInPicture?: DocumentPictureInPicture }).documentPictureInPicture ?? null)
    : null;

export const isPopoutSupported = (): boolean => api() !== null;

/** Spec 3 §4: the pop-out window is the sheet's height plus 200. */
export const POPOUT_EXTRA_HEIGHT = 200;

export const popoutSize = (sheet: { width: number; height: number }): { width: number; height: number } => ({
  width: Math.max(320, Math.round(sheet.width)),
  height: Math.round(sheet.height) + POPOUT_EXTRA_HEIGHT,
});

/** The page's stylesheets, copied so the sheet looks the same in its own window. */
const copyStyles = (target: Document): void => {
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      const style = target.createElement('style');
      style.textContent = Array.from(sheet.cssRules)
        .map((rule) => rule.cssText)
        .join('\n');
      target.head.append(style);
    } catch {
      // A stylesheet of another origin: link it instead.
      if (sheet.href) {
        const link = target.createElement('link');
        link.rel = 'stylesheet';
        link.href = sheet.href;
        target.head.append(link);
      }
    }
  }
};

/**
 * Opens the pop-out window and prepares it: the page's styles, the language, and an element to
 * render into. Rejects where the browser has no Document Picture-in-Picture or refuses.
 */
export const openPopout = async (
  size: { width: number; height: number },
  title: string,
): Promise<{ window: Window; root: HTMLElement }> => {
  const pip = api();
  if (!pip) throw new Error('Document Picture-in-Picture is not available.');
  const popup = await pip.requestWindow(size);
  const doc = popup.document;
  copyStyles(doc);
  doc.title = title;
  doc.documentElement.lang = document.documentElement.lang;
  doc.body.className = 'sheet-popout';
  const root = doc.createElement('div');
  root.className = 'sheet-popout__root';
  doc.body.append(root);
  return { window: popup, root };
};
