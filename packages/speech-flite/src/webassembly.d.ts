/**
 * The parts of the WebAssembly JavaScript API this package uses. TypeScript declares them only in
 * its DOM library, which a Node package does not load; @types/node names the namespace only.
 */
declare namespace WebAssembly {
  /** A compiled module (opaque here: it is only instantiated). */
  interface Module {
    readonly [Symbol.toStringTag]: string;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
  }
  interface Instance {
    readonly exports: Record<string, unknown>;
  }
  type ImportValue = ((...args: never[]) => unknown) | Memory;
  type Imports = Record<string, Record<string, ImportValue>>;
  function compile(bytes: ArrayBufferView | ArrayBuffer): Promise<Module>;
  function instantiate(module: Module, imports?: Imports): Promise<Instance>;
}
