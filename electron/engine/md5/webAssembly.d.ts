// The WebAssembly API is a global of Node and Electron's main process, but TypeScript declares it
// only in its DOM libraries, which electron/ does not load. What the MD5 pair uses, as the DOM
// library declares it.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
  }
  function validate(bytes: Uint8Array): boolean;
}
