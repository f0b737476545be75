export declare const BUILD_INPUT_DIRS: readonly string[];
export declare const BUILD_INPUT_FILES: readonly string[];
export declare const BUILD_STAMP: string;
export declare function buildInputsHash(root: string): string;
export declare function staleBuildReason(
  root: string,
  distDir: string,
  hash?: string,
): string | null;
export declare function stampBuild(distDir: string, hash: string): void;
