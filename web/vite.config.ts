import { defineConfig } from "vitest/config";

export default defineConfig({
  build: { target: "es2022", outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 800 },
  worker: { format: "es" },
  test: { include: ["src/**/*.test.ts"] },
});
