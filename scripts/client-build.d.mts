export const CLIENT_INPUTS: readonly string[];
export const CLIENT_BUILD_STAMP: string;
export function clientOutDir(root: string, env?: NodeJS.ProcessEnv): string;
export function latestChange(path: string): number;
export function clientRebuildReason(root: string, outDir?: string): string | undefined;
