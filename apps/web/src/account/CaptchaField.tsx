import type {} from 'altcha/types/react';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKEND } from '../api/http';
import './CaptchaField.css';

/** Where the ALTCHA widget fetches its proof-of-work challenge (API.md). */
export const CAPTCHA_CHALLENGE_URL = `${BACKEND}/captcha`;

/** The widget's own texts, taken from our resources so they follow the app's language. */
const WIDGET_STRING_KEYS = {
  label: 'captcha.label',
  verified: 'captcha.verified',
  verifying: 'captcha.verifying',
  verify: 'captcha.verify',
  error: 'captcha.error',
  expired: 'captcha.expired',
  verificationRequired: 'captcha.required',
  waitAlert: 'captcha.wait',
  loading: 'captcha.loading',
  reload: 'captcha.reload',
} as const;

/** No footer link, no logo; verification starts when the user ticks the box (auto 'off'). */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true });

export interface CaptchaHandle {
  /** A fresh widget: the payload is gone and the user solves a new challenge (spec 2 §4: after any failure). */
  reset: () => void;
}

interface CaptchaFieldProps {
  /** The payload string (what goes into `captcha`), or null when there is none (yet, or any more). */
  onChange: (payload: string | null) => void;
  ref?: Ref<CaptchaHandle>;
  /** Already translated. */
  error?: string;
}

type WidgetEvent = CustomEvent<{ payload?: string | null; state?: string }>;

/**
 * The widget's code (a third of the login screen's) is fetched by the first captcha shown, not by
 * every route: it defines <altcha-widget> and the `$altcha` global when it runs.
 */
let widgetLoading: Promise<boolean> | null = null;
let widgetLoaded = false;
const loadWidget = (): Promise<boolean> => {
  widgetLoading ??= import('altcha').then(
    () => (widgetLoaded = true),
    () => {
      // Offline and not cached: the next captcha shown asks again.
      widgetLoading = null;
      return false;
    },
  );
  return widgetLoading;
};

/** True once the widget's code has run. */
const useWidgetLoaded = (): boolean => {
  const [loaded, setLoaded] = useState(widgetLoaded);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    void loadWidget().then((ok) => {
      if (current && ok) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [loaded]);
  return loaded;
};

/**
 * The ALTCHA captcha (`<altcha-widget>`). Its payload arrives with the `statechange` and
 * `verified` events; the wrapper shows the state as `data-state` ("verified" once a payload exists)
 * for tests and styles.
 */
export function CaptchaField({ onChange, ref, error }: CaptchaFieldProps) {
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState('unverified');
  const [payload, setPayload] = useState<string | null>(null);
  const loaded = useWidgetLoaded();

  const report = (nextState: string, nextPayload: string | null) => {
    setState(nextState);
    setPayload(nextPayload);
    onChange(nextPayload);
  };

  useImperativeHandle(ref, () => ({
    reset: () => {
      setGeneration((current) => current + 1);
      report('unverified', null);
    },
  }));

  return (
    <div
      className={`captcha ${error ? 'captcha--invalid' : ''}`}
      data-testid="captcha"
      data-state={payload ? 'verified' : state}
    >
      {loaded ? (
        <AltchaWidget key={generation} onReport={report} />
      ) : (
        // The widget's box, empty until its code has arrived: the form does not move when it comes.
        <div className="captcha__placeholder" aria-busy="true" />
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function AltchaWidget({ onReport }: { onReport: (state: string, payload: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLElement>(null);
  const language = i18n.language;

  // Registered before the element is created, so the widget renders our texts from the start.
  const strings = Object.fromEntries(Object.entries(WIDGET_STRING_KEYS).map(([name, key]) => [name, t(key)]));
  globalThis.$altcha.i18n.set(language, { ...globalThis.$altcha.i18n.get('en'), ...strings });

  const onEvent = useEffectEvent((event: Event) => {
    const { detail } = event as WidgetEvent;
    const state = event.type === 'verified' ? 'verified' : (detail?.state ?? 'unverified');
    const payload = state === 'verified' && typeof detail?.payload === 'string' ? detail.payload : null;
    onReport(state, payload);
  });

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    const listener = (event: Event) => onEvent(event);
    widget.addEventListener('statechange', listener);
    widget.addEventListener('verified', listener);
    return () => {
      widget.removeEventListener('statechange', listener);
      widget.removeEventListener('verified', listener);
    };
  }, []);

  return (
    <altcha-widget
      ref={element}
      challenge={CAPTCHA_CHALLENGE_URL}
      auto="off"
      type="checkbox"
      name="captcha"
      language={language}
      configuration={WIDGET_CONFIGURATION}
    />
  );
}
