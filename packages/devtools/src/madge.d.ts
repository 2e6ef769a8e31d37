// madge ships no types; this is the part of its API that check-cycles.mjs uses.
declare module 'madge' {
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: RegExp[];
  }
  interface MadgeResult {
    /** Each cycle as the list of files in it, relative to the base directory. */
    circular(): string[][];
  }
  export default function madge(path: string, config?: MadgeConfig): Promise<MadgeResult>;
}
