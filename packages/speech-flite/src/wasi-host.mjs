/**
 * The few WASI (preview1) calls flite.wasm imports, answered in JavaScript with no real file
 * system: its arguments, a clock, stdout and stderr kept in memory, and one writable file (the
 * WAV it is told to write) kept in memory too.
 *
 * Why not `node:wasi`: on Node 20 it keeps a pointer to the module's memory from before the
 * memory grows, so once a long text makes Flite allocate more (about 500 characters and up) its
 * later calls read and write freed memory: measured here as segmentation faults and a corrupted
 * V8 heap in the worker (nodejs/node#52402 reports the same with this very flite.wasm). Here
 * every call reads `memory.buffer` afresh. And no directory of the real disk is opened to it.
 */

const errno = {
  success: 0,
  badf: 8,
  fbig: 22,
  inval: 28,
  noent: 44,
  spipe: 70,
};

const filetype = { characterDevice: 2, directory: 3, regularFile: 4 };
/** Every right: this host checks what each call may do itself. */
const allRights = 0xffff_ffff_ffff_ffffn;

/** The one directory Flite sees, and its descriptor (0–2 are stdin, stdout and stderr). */
export const outputDirectory = '/out';
const directoryFd = 3;
const fileFd = 4;

/** Thrown by proc_exit to leave `_start` with the program's status. */
class ProgramExit extends Error {
  /** @param {number} status */
  constructor(status) {
    super(`exit ${status}`);
    this.status = status;
  }
}

/** A file that grows as it is written, with a position that can be moved (fd_seek). */
class MemoryFile {
  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = new Uint8Array(64 * 1024);
    this.length = 0;
    this.position = 0;
  }

  /** @param {Uint8Array} chunk @returns {boolean} false when the file would pass its limit */
  write(chunk) {
    const end = this.position + chunk.length;
    if (end > this.maxBytes) return false;
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.min(this.maxBytes, Math.max(end, this.bytes.length * 2)));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(chunk, this.position);
    this.position = end;
    this.length = Math.max(this.length, end);
    return true;
  }

  contents() {
    return this.bytes.slice(0, this.length);
  }
}

/**
 * Runs a WASI command module once: instantiates it with these calls, runs `_start` and returns
 * its exit status, what it wrote to stderr (the start of it) and the file it wrote as
 * `${outputDirectory}/${outputName}`, if it did.
 * @param {WebAssembly.Module} module
 * @param {{ args: string[], outputName: string, maxOutputBytes: number }} options
 */
export async function runCommand(module, { args, outputName, maxOutputBytes }) {
  /** @type {WebAssembly.Memory | null} */
  let memory = null;
  const view = () => {
    if (!memory) throw new Error('the module has not started');
    return new DataView(memory.buffer);
  };
  const bytes = () => {
    if (!memory) throw new Error('the module has not started');
    return new Uint8Array(memory.buffer);
  };
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const encodedArgs = args.map((arg) => encoder.encode(`${arg}\0`));
  /** @type {MemoryFile | null} */
  let output = null;
  let stderr = '';
  const maxStderr = 4096;

  /** @param {number} iovs @param {number} count @returns {Uint8Array[]} */
  const gather = (iovs, count) => {
    const data = view();
    const chunks = [];
    for (let index = 0; index < count; index += 1) {
      const pointer = data.getUint32(iovs + index * 8, true);
      const length = data.getUint32(iovs + index * 8 + 4, true);
      chunks.push(bytes().slice(pointer, pointer + length));
    }
    return chunks;
  };

  const imports = {
    args_sizes_get(/** @type {number} */ countPointer, /** @type {number} */ sizePointer) {
      const data = view();
      data.setUint32(countPointer, encodedArgs.length, true);
      data.setUint32(
        sizePointer,
        encodedArgs.reduce((sum, arg) => sum + arg.length, 0),
        true,
      );
      return errno.success;
    },
    args_get(/** @type {number} */ pointers, /** @type {number} */ buffer) {
      const data = view();
      let offset = buffer;
      encodedArgs.forEach((arg, index) => {
        data.setUint32(pointers + index * 4, offset, true);
        bytes().set(arg, offset);
        offset += arg.length;
      });
      return errno.success;
    },
    clock_time_get(
      /** @type {number} */ _id,
      /** @type {bigint} */ _precision,
      /** @type {number} */ timePointer,
    ) {
      view().setBigUint64(timePointer, BigInt(Date.now()) * 1_000_000n, true);
      return errno.success;
    },
    fd_prestat_get(/** @type {number} */ fd, /** @type {number} */ pointer) {
      if (fd !== directoryFd) return errno.badf;
      const data = view();
      data.setUint8(pointer, 0); // a directory
      data.setUint32(pointer + 4, encoder.encode(outputDirectory).length, true);
      return errno.success;
    },
    fd_prestat_dir_name(
      /** @type {number} */ fd,
      /** @type {number} */ pointer,
      /** @type {number} */ length,
    ) {
      if (fd !== directoryFd) return errno.badf;
      bytes().set(encoder.encode(outputDirectory).subarray(0, length), pointer);
      return errno.success;
    },
    fd_fdstat_get(/** @type {number} */ fd, /** @type {number} */ pointer) {
      const type =
        fd <= 2
          ? filetype.characterDevice
          : fd === directoryFd
            ? filetype.directory
            : fd === fileFd && output
              ? filetype.regularFile
              : null;
      if (type === null) return errno.badf;
      const data = view();
      data.setUint8(pointer, type);
      data.setUint16(pointer + 2, 0, true);
      data.setBigUint64(pointer + 8, allRights, true);
      data.setBigUint64(pointer + 16, allRights, true);
      return errno.success;
    },
    fd_fdstat_set_flags: () => errno.success,
    path_open(
      /** @type {number} */ dirFd,
      /** @type {number} */ _lookupFlags,
      /** @type {number} */ pathPointer,
      /** @type {number} */ pathLength,
      /** @type {number} */ _openFlags,
      /** @type {bigint} */ _rightsBase,
      /** @type {bigint} */ _rightsInheriting,
      /** @type {number} */ _fdFlags,
      /** @type {number} */ fdPointer,
    ) {
      const path = decoder.decode(bytes().slice(pathPointer, pathPointer + pathLength));
      // Only the one output file, and only once: nothing else exists.
      if (dirFd !== directoryFd || path !== outputName || output) return errno.noent;
      output = new MemoryFile(maxOutputBytes);
      view().setUint32(fdPointer, fileFd, true);
      return errno.success;
    },
    fd_write(
      /** @type {number} */ fd,
      /** @type {number} */ iovs,
      /** @type {number} */ count,
      /** @type {number} */ writtenPointer,
    ) {
      const chunks = gather(iovs, count);
      let written = 0;
      for (const chunk of chunks) {
        if (fd === fileFd && output) {
          if (!output.write(chunk)) return errno.fbig;
        } else if (fd === 2) {
          if (stderr.length < maxStderr) stderr += decoder.decode(chunk);
        } else if (fd !== 1) {
          return errno.badf;
        }
        written += chunk.length;
      }
      view().setUint32(writtenPointer, written, true);
      return errno.success;
    },
    fd_read(
      /** @type {number} */ fd,
      /** @type {number} */ _iovs,
      /** @type {number} */ _count,
      /** @type {number} */ readPointer,
    ) {
      if (fd !== 0) return errno.badf;
      // stdin is empty.
      view().setUint32(readPointer, 0, true);
      return errno.success;
    },
    fd_seek(
      /** @type {number} */ fd,
      /** @type {bigint} */ offset,
      /** @type {number} */ whence,
      /** @type {number} */ positionPointer,
    ) {
      if (fd !== fileFd || !output) return fd <= 2 ? errno.spipe : errno.badf;
      const base = whence === 0 ? 0 : whence === 1 ? output.position : output.length;
      const position = base + Number(offset);
      if (whence > 2 || position < 0) return errno.inval;
      output.position = position;
      view().setBigUint64(positionPointer, BigInt(position), true);
      return errno.success;
    },
    fd_close: () => errno.success,
    proc_exit(/** @type {number} */ status) {
      throw new ProgramExit(status);
    },
  };

  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: imports });
  const exported = /** @type {{ memory: WebAssembly.Memory, _start: () => void }} */ (
    /** @type {unknown} */ (instance.exports)
  );
  memory = exported.memory;
  let status = 0;
  try {
    exported._start();
  } catch (error) {
    if (!(error instanceof ProgramExit)) throw error;
    status = error.status;
  }
  const file = /** @type {MemoryFile | null} */ (output);
  return { status, stderr: stderr.trim(), file: file ? file.contents() : null };
}
