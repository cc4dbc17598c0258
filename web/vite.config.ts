import { defineConfig } from "vitest/config";
import { VitePWA } from "vite-plugin-pwa";

export default defineConfig({
  build: { target: "es2022", outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 800 },
  worker: { format: "es" },
  test: { include: ["src/**/*.test.ts"] },
  plugins: [
    // The web app manifest and a Workbox service worker (`/sw.js`) that precaches the whole built
    // site, so it installs and plays against the computer and in Learn with the network off. The
    // page registers the worker itself (src/offline.ts), after the first board is drawn.
    VitePWA({
      injectRegister: null,
      registerType: "autoUpdate",
      includeAssets: ["icons/icon.svg", "icons/favicon-32.png", "icons/apple-touch-icon.png"],
      manifest: {
        id: "/",
        name: "kingme — draughts, Halma and Chinese checkers",
        short_name: "kingme",
        description: "Draughts, Halma and Chinese checkers in 3D, against the computer, on one screen or online.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#1b1712",
        theme_color: "#262019",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,wasm,svg,png}"],
        // A new version takes over in the background; the page already open keeps running the
        // code it loaded, and the next visit (or reload) runs the new one.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Every address of the app opens index.html; the server's API and WebSocket never go
        // through the cache.
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/ws\//],
        runtimeCaching: [],
      },
    }),
  ],
});
