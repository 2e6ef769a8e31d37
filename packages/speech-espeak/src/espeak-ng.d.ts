/** The parts of the espeak-ng package (an Emscripten module, no types of its own) the worker uses. */
declare module 'espeak-ng' {
  interface ESpeakNgOptions {
    /** The command line, as for the espeak-ng program. */
    arguments: string[];
    /** Called with the exit status; without it the module sets process.exitCode. */
    quit?: (status: number, toThrow?: unknown) => void;
    print?: (line: string) => void;
    printErr?: (line: string) => void;
  }
  interface ESpeakNgModule {
    FS: { readFile(path: string): Uint8Array };
  }
  /** Instantiates the module and runs the command line once. */
  export default function ESpeakNg(options: ESpeakNgOptions): Promise<ESpeakNgModule>;
}
