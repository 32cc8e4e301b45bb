"""The package's index of the JIT's disk cache: a launch of a new process
whose kernel an earlier process compiled loads the JIT's entry with the
runtime alone (libkiln.so: kiln_binary_read_memory, then
kiln_executable_load), never loading the compiler (libkiln_python.so,
LLVM and MLIR: about 30 ms to load and 40 ms to set up).

The JIT keys its entries (`<dir>/<key>.kjit`, compiler/JIT/DiskCache.h)
by a hash it computes in the compiler. Beside them, in the same folder
($KILN_CACHE_DIR, else $XDG_CACHE_HOME/kiln, else ~/.cache/kiln; none
when $KILN_CACHE is off, as for the JIT), the package keeps one small
file per specialization, `<index key>.kpyx`, naming the JIT key of the
entry the compiler returned for it and holding the compile's diagnostics
(its warnings, which a process that loads the entry raises as a compile
would: _diagnostics.py). The index key is a SHA-256 the
package computes in Python over everything that selects the binary: the
module text handed to the compiler and its file name, the kernel, the
compile options, the device (back end, type, name, compute capability),
every argument as the dispatch key sees it (type, dtype, rank, layout,
alignment, aliasing, Constant values) and as the compiler sees it (kind,
dtype, rank, which arguments share a buffer, Constant values' bytes),
the compiler library's size and modification time (the JIT's own key
has the compiler build), and libdevice's ($KILN_LIBDEVICE, $CUDA_HOME,
the files' sizes and times).

A lookup reads the index file and the entry and checks what the JIT's
reader checks (magic, version, the key in the header matching the file
name, the length, the SHA-256 of the payload, the size cap); anything
missing or wrong is a miss, and the launch compiles through the JIT
(which deletes a corrupted entry and writes it again), after which the
index file is written again. KILN_PYTHON_INDEX=0 turns the index off
(every new process loads the compiler, whose JIT finds its disk entry). Index files are written to a temporary
file (".tmp-" in its name, which the JIT's eviction cleans up) and
renamed into place. A hit touches the entry, as the JIT's hits do (its
place in the eviction order)."""

import hashlib
import json
import os

from . import _capi, _diagnostics

_FORMAT = "kiln-python-index 2"
_SUFFIX = ".kpyx"
_MAGIC = b"KILNJITC"
_ENTRY_VERSION = 1
_HEADER = 8 + 4 + 4 + 32 + 8 + 32
_RECORD_MAX = 1 << 20  # an index file: its line and the diagnostics
_DEFAULT_MAX_BYTES = 512 << 20
_OFF = ("0", "off", "false", "no", "disable", "disabled")
_LIBDEVICE = "nvvm/libdevice/libdevice.10.bc"

_identity = None


def directory():
    """The JIT's disk-cache folder (DiskCache.cpp's rule), None when the
    cache or the index is off or no folder is set."""
    if (os.environ.get("KILN_CACHE", "").lower() in _OFF
            or os.environ.get("KILN_PYTHON_INDEX", "").lower() in _OFF):
        return None
    for variable, tail in (("KILN_CACHE_DIR", ()), ("XDG_CACHE_HOME", ("kiln",)),
                           ("HOME", (".cache", "kiln"))):
        value = os.environ.get(variable)
        if value:
            return os.path.join(value, *tail)
    return None


def _max_bytes():
    text = os.environ.get("KILN_CACHE_MAX_BYTES", "")
    return int(text) if text.isdigit() else _DEFAULT_MAX_BYTES


def _stat(path):
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (path, st.st_size, st.st_mtime_ns)


def _toolchain():
    """The compiler library's and libdevice's identity; None without the
    compiler library (a compile would fail: no index)."""
    global _identity
    if _identity is None:
        compiler = _capi.compiler_library_path()
        if compiler is None:
            return None
        compiler = _stat(os.path.realpath(compiler))
        libdevice = [os.environ.get("KILN_LIBDEVICE"), os.environ.get("CUDA_HOME")]
        candidates = [os.environ.get("KILN_LIBDEVICE")]
        if os.environ.get("CUDA_HOME"):
            candidates.append(os.path.join(os.environ["CUDA_HOME"], _LIBDEVICE))
        candidates.append(os.path.join("/usr/local/cuda", _LIBDEVICE))
        libdevice += [_stat(p) for p in candidates if p]
        _identity = (compiler, tuple(libdevice))
    return _identity


def _name(value):
    return getattr(value, "name", None) or str(value)


def key(text, filename, options, device, args, compile_args, constants,
        alias_of):
    """The index key (64 hex digits) of a compile, or None when no index
    applies (cache off, no compiler library)."""
    toolchain = _toolchain()
    if toolchain is None or directory() is None:
        return None
    described = []
    for i, a in enumerate(args):
        t = type(a)
        part = [t.__module__ + "." + t.__qualname__]
        for attribute in ("dtype", "ndim", "aligned"):
            if hasattr(a, attribute):
                part.append((attribute, _name(getattr(a, attribute))))
        if hasattr(a, "flags"):  # a NumPy array
            part.append(("c_contiguous", bool(a.flags.c_contiguous)))
        if hasattr(a, "_buffer"):  # a DeviceArray
            part.append(("alias", alias_of(args, i)))
        if i in constants:
            part.append(("constant", repr(a)))
        described.append(tuple(part))
    buffers = [arg.buffer for arg in compile_args]
    seen = []
    for j, arg in enumerate(compile_args):
        shared = (buffers.index(arg.buffer) if arg.buffer else None)
        value = bytes(arg.value).hex() if j in constants else None
        seen.append((arg.kind, arg.dtype, arg.rank, shared, value))
    opts = tuple(getattr(options, field) for field, _ in options._fields_)
    parts = (_FORMAT, toolchain, filename, hashlib.sha256(text.encode()).hexdigest(),
             opts, (device.backend, device.type, device.name,
                    device.compute_capability), tuple(described), tuple(seen))
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _read_regular(path, limit):
    """The bytes of the regular file at `path` (at most `limit` bytes),
    else None; never opens a FIFO or follows a link."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW
                     | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not (st.st_mode & 0o170000 == 0o100000) or st.st_size > limit:
            return None
        chunks, left = [], st.st_size
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                return None
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def lookup(index_key):
    """(payload, diagnostics) of the JIT entry the index names for
    `index_key` (the payload a `.kiln` artifact's bytes, the diagnostics
    those of the compile that made it), else None (a miss)."""
    folder = directory()
    if index_key is None or folder is None:
        return None
    record = _read_regular(os.path.join(folder, index_key + _SUFFIX),
                           _RECORD_MAX)
    if record is None:
        return None
    line, _, rest = record.partition(b"\n")
    fields = line.decode("ascii", "replace").split()
    if (len(fields) != 3 or fields[0] != _FORMAT.replace(" ", "-")
            or fields[1] != index_key or len(fields[2]) != 64):
        return None
    try:
        diagnostics = _diagnostics.from_json(json.loads(rest.decode("utf-8")))
    except (ValueError, TypeError):
        return None
    try:
        jit_key = bytes.fromhex(fields[2])
    except ValueError:
        return None
    path = os.path.join(folder, fields[2] + ".kjit")
    entry = _read_regular(path, _max_bytes())
    if entry is None or len(entry) < _HEADER:
        return None
    payload = entry[_HEADER:]
    if (entry[:8] != _MAGIC
            or int.from_bytes(entry[8:12], "little") != _ENTRY_VERSION
            or entry[16:48] != jit_key
            or int.from_bytes(entry[48:56], "little") != len(payload)
            or hashlib.sha256(payload).digest() != entry[56:88]):
        return None
    try:
        os.utime(path)
    except OSError:
        pass
    return payload, diagnostics


def record(index_key, jit_key, diagnostics=()):
    """Writes the index file of `index_key` naming JIT entry `jit_key`
    (hex), with the compile's `diagnostics`, when that entry is on disk;
    errors are ignored (the next process compiles), and so are diagnostics
    too long for an index file (the next process compiles: the JIT's
    entry keeps them)."""
    folder = directory()
    if (index_key is None or folder is None or not jit_key
            or not os.path.isfile(os.path.join(folder, jit_key + ".kjit"))):
        return
    line = f"{_FORMAT.replace(' ', '-')} {index_key} {jit_key}\n"
    text = line + json.dumps(_diagnostics.to_json(diagnostics)) + "\n"
    if len(text.encode("utf-8")) > _RECORD_MAX:
        return
    path = os.path.join(folder, index_key + _SUFFIX)
    temp = f"{path}.tmp-{os.getpid()}-{os.urandom(4).hex()}"
    try:
        with open(temp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, path)
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass
