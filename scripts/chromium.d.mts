// Types for scripts/chromium.mjs, imported by the TypeScript configs (Playwright, Vitest browser).
export declare const chromiumPath: string;
export declare const chromiumArgs: string[];
