import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { ServerConfig } from '../config';

type PolicyConfig = Pick<ServerConfig, 'publicUrl' | 'chatServers'>;

/** The ws: or wss: origin a browser opens Socket.IO's websocket on, for an http: or https: origin. */
const socketOrigin = (origin: string): string => origin.replace(/^http/, 'ws');

/**
 * The Content-Security-Policy of every response (the app's HTML and files, the API, errors). The web
 * app runs under it: e2e/tests/csp.spec.ts visits every screen and fails on any refusal.
 */
export const contentSecurityPolicy = (config: PolicyConfig): Record<string, string[]> => ({
  // Whatever is not named below (fonts, sounds, frames, the manifest) comes from this server only.
  'default-src': ["'self'"],
  // The built bundle only: no inline script, no eval, no other host. An injected <script> or on*
  // attribute does not run.
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // Stylesheets are files of the build. <style> elements need 'unsafe-inline': the captcha widget
  // (the default `altcha` bundle) adds its stylesheet as one, and the character sheet's pop-out
  // copies the page's stylesheets into its window as <style> elements (that window inherits this
  // policy). style="" attributes stay refused: React sets the style prop through the CSSOM, which
  // CSP does not govern, and nothing else writes the attribute.
  'style-src': ["'self'"],
  'style-src-elem': ["'self'", "'unsafe-inline'"],
  'style-src-attr': ["'none'"],
  // data: for the small SVGs inlined in the stylesheets (the loading mask). https: for the images a
  // user opted in to (spec 3 §3 image opt-in: a custom script's character images) and the background
  // picture or video of Settings; the app shows neither without that choice.
  'img-src': ["'self'", 'data:', 'https:'],
  'media-src': ["'self'", 'https:'],
  // 'self' covers the API and Socket.IO, its websocket included (CSP level 3 matches ws:/wss: of the
  // same host). https: because the edition picker fetches a custom script from any address the
  // Storyteller types (spec 3 §7). The chat servers (CHAT_SERVERS) are origins of their own.
  'connect-src': ["'self'", 'https:', ...config.chatServers.flatMap(({ url }) => [url, socketOrigin(url)])],
  // The captcha's proof of work runs in Web Workers it creates from blob: URLs; the service worker is a file.
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // No site may frame Belfry (clickjacking a vote, a login); X-Frame-Options says it to older browsers.
  'frame-ancestors': ["'none'"],
  // No upgrade-insecure-requests: every URL of the app is relative, so https pages load https
  // already, and on an http address (http://localhost behind a TLS proxy) it would break every file.
});

const isHttps = (url: string): boolean => url.toLowerCase().startsWith('https:');

/** The options of @fastify/helmet: the policy above and the other security headers (the rest are its defaults). */
export const securityHeaders = (config: PolicyConfig): FastifyHelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
  // HSTS makes a browser refuse plain http to this host for a year. Only when PUBLIC_URL is https:
  // a self-hoster on http://localhost or a LAN address must not be locked out of their own install.
  strictTransportSecurity: isHttps(config.publicUrl) ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  // Paths carry join codes: other sites see this origin at most.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
});
