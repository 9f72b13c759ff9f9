/**
 * The browser state a profile holds: Playwright's `storageState()` shape (cookies and per-origin
 * localStorage) extended with per-origin sessionStorage, which Playwright does not capture.
 * Stored as JSON in the profile's row; loaded into a session at start, saved back on close with `persist`.
 */

export interface ProfileCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Unix time in seconds; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

export interface StorageItem {
  name: string;
  value: string;
}

export interface OriginState {
  /** e.g. `https://example.com` (scheme, host and port; no path). */
  origin: string;
  localStorage: StorageItem[];
  sessionStorage: StorageItem[];
}

export interface ProfileState {
  cookies: ProfileCookie[];
  origins: OriginState[];
}

export const emptyProfileState = (): ProfileState => ({ cookies: [], origins: [] });
