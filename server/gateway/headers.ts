// Security headers on what the gateway serves. The README's "Security headers" section gives the
// same ones for a static host in front of Supabase; keep them in step.

/**
 * The app's pages. Styles: antd's CSS-in-JS adds <style> elements and style attributes at run time,
 * and both HTML pages have an inline <style>. Workers (the fingerprint matcher) come from the origin;
 * downloads (payslips, exports) are blob: URLs; connect-src 'self' covers the API and the realtime
 * websocket on this origin, https://localhost:8443 is the SecuGen reader's service on the tablet.
 * frame-ancestors 'self': the scanner page (/fingerprint/index.html) is framed by the app only.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' https://localhost:8443",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** API answers (JSON, CSV) are never rendered as pages nor framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const COMMON = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

export const PAGE_HEADERS: Record<string, string> = {
  ...COMMON,
  'Content-Security-Policy': PAGE_CSP,
  // For browsers without frame-ancestors.
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

export const API_HEADERS: Record<string, string> = { ...COMMON, 'Content-Security-Policy': API_CSP };
