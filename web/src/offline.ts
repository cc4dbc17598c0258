/**
 * Offline: the service worker (`/sw.js`, made by vite-plugin-pwa with Workbox at build time) and
 * the network's state as the page sees it.
 */

/**
 * Registers the service worker once the first screen has been drawn, so it never competes with
 * the first board for the network or the main thread. Not in `vite` dev (there is no `/sw.js`).
 *
 * A new version's worker takes over at once (Workbox's skipWaiting and clientsClaim), while this
 * page goes on running the code it loaded, so `onNewVersion` is called: the page offers a reload.
 * It is called too when a part of the site loaded later (a lazy chunk) is gone from the server.
 */
export function registerServiceWorker(onNewVersion: () => void): void {
  // Vite's event for a dynamic import that failed: the page's version is no longer served.
  window.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    onNewVersion();
  });
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  // The first worker taking control of the page is this version's; any later one is newer.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) onNewVersion();
    controlled = true;
  });
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((e: unknown) => {
      // Without it the site still works online; only the offline copy is missing.
      console.warn("kingme: the offline copy of the site could not be installed:", e);
    });
  };
  // Two frames: the first screen is on the screen before the worker starts downloading the site.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(register, 0)));
}

/** Whether the browser says it is online (rooms need the network; everything else works without). */
export const isOnline = (): boolean => navigator.onLine;

/**
 * Calls `listener` whenever the browser goes online or offline, until `owner` leaves the document
 * (checked at each change) or the returned function is called.
 */
export function onNetworkChange(listener: (online: boolean) => void, owner?: Element): () => void {
  const handler = () => {
    if (owner && !owner.isConnected) {
      stop();
      return;
    }
    listener(navigator.onLine);
  };
  const stop = () => {
    window.removeEventListener("online", handler);
    window.removeEventListener("offline", handler);
  };
  window.addEventListener("online", handler);
  window.addEventListener("offline", handler);
  return stop;
}

/** Links the web app manifest in `lang`, so an installed site is named in the page's language. */
export function linkManifest(lang: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = lang === "en" ? "/manifest.webmanifest" : `/manifest-${lang}.webmanifest`;
}
