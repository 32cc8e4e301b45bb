/*===- kiln_compiler.h - The C API of the Kiln compiler ---------*- C -*-===//
 *
 * Compiles Kiln kernel source (the Python subset, or kiln-dialect MLIR) to
 * a kiln_binary_t that kiln_executable_load (kiln/kiln.h) loads. This part
 * sits in the compiler layer and links LLVM/MLIR (library KilnCompilerC);
 * the runtime part does not. The conventions of kiln/kiln.h apply: status
 * returns, out-parameters last, kiln_last_error_message() for the text.
 *
 *===----------------------------------------------------------------------===*/
#ifndef KILN_KILN_COMPILER_H
#define KILN_KILN_COMPILER_H

#include "kiln/kiln.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A compiler: Kiln's JIT, with one compile session (an MLIR context with
 *  Kiln's dialects loaded) reused by every compilation, and its caches: a
 *  request answered before comes from memory, or from the disk cache
 *  ($KILN_CACHE_DIR, else $XDG_CACHE_HOME/kiln or ~/.cache/kiln) shared
 *  with other processes; KILN_CACHE=0 turns both off and KILN_LOG=jit
 *  prints each request's hit, miss and recompile reason to stderr.
 *  Compilations on one compiler are serialised; use one compiler per
 *  thread to compile in parallel. */
typedef struct kiln_compiler *kiln_compiler_t;

/** The device code a compilation produces. */
typedef enum kiln_target_t {
  KILN_TARGET_PTX = 0,   /**< PTX text for CUDA devices. */
  KILN_TARGET_SPIRV = 1, /**< SPIR-V for OpenCL devices. */
  KILN_TARGET_HOST = 2   /**< An ELF shared object for the host device. */
} kiln_target_t;

/** The index space of the launch a kernel is compiled for
 *  (kiln_compile_for_arguments): it types an unannotated first parameter,
 *  the work-item (numba-dpex style `def k(item, a)`). */
typedef enum kiln_launch_space_t {
  /** Not known: an unannotated work-item parameter is a compile error. */
  KILN_LAUNCH_SPACE_UNKNOWN = 0,
  KILN_LAUNCH_SPACE_RANGE = 1,   /**< kiln_launch: the work-item is an Item. */
  KILN_LAUNCH_SPACE_ND_RANGE = 2 /**< A global and a local range: NdItem. */
} kiln_launch_space_t;

typedef struct kiln_compile_options_t {
  kiln_target_t target; /**< Ignored by kiln_compile_source_for_device. */
  const char *arch;     /**< CUDA architecture for PTX; NULL: "sm_90". */
  int opt_level;        /**< 0..3, as -O. */
  const char *kernel;   /**< Keep only this kernel; NULL: all of them. */
  /** Specialize the kernels for launches of this rank (1..3): range
   *  dimensions map to hardware axes statically, the kernels take no rank
   *  argument, and launches of another rank are refused. 0: any rank. */
  int launch_rank;
  /** Nonzero: Numba's typing rules (float literals float64, true division
   *  of integers float64, int32/int64 with float32 float64) for every
   *  function whose decorator does not say numba_typing=False. 0: Kiln's
   *  float32-first rules. */
  int numba_typing;
  /** Types of the generic parameters and values of the Constant parameters
   *  of one kernel, as kilnc --signature writes them:
   *  "KERNEL:NAME=TYPE|VALUE,..." ("k:a=Array[float32],n=16"); for a
   *  kernel defined inside a function also the values of the variables it
   *  closes over ("k:scale=2.5"). NULL: none. */
  const char *signature;
  /** kiln_compile_for_arguments: the index space of the launch. It types
   *  an unannotated first parameter that gets no argument (the work-item:
   *  Item for a Range, NdItem for an NdRange; with as many arguments as
   *  parameters the kernel takes none, as in numba-dpex), and a local
   *  accessor argument needs an NdRange. KILN_LAUNCH_SPACE_UNKNOWN: not
   *  known. Ignored by the other compile functions. */
  kiln_launch_space_t launch_space;
} kiln_compile_options_t;

/** Fills `options` with the defaults: SPIR-V, sm_90, -O2, all kernels, any
 *  launch rank, Kiln's typing, no signature, launch space unknown.
 *  Passing NULL options to the compile functions means the same. */
void kiln_compile_options_init(kiln_compile_options_t *options);

/** Creates a compiler. */
kiln_status_t kiln_compiler_create(kiln_compiler_t *out);
void kiln_compiler_release(kiln_compiler_t compiler);
/** The JIT cache key (64 hex digits) of this thread's last successful
 *  kiln_compile_* call that returned a binary; "" before the first. The
 *  JIT's disk cache holds that binary as `<cache dir>/<key>.kjit` when
 *  the disk cache is on (the Python package indexes those entries, so
 *  that a new process loads them without the compiler). Valid until the
 *  thread's next compile. */
const char *kiln_compile_last_cache_key(void);

/*===--- Diagnostics: warnings of a successful compile, errors of a failed one
 *===--------------------------------------------------------------------===*/

/** How serious a diagnostic is. */
typedef enum kiln_diagnostic_severity_t {
  KILN_DIAGNOSTIC_ERROR = 0,
  KILN_DIAGNOSTIC_WARNING = 1,
  KILN_DIAGNOSTIC_NOTE = 2, /**< More about the diagnostic before it. */
  KILN_DIAGNOSTIC_REMARK = 3
} kiln_diagnostic_severity_t;

/** One diagnostic of a compile. The struct may grow: fields are only
 *  appended, and the library fills the first struct_size bytes, so set
 *  struct_size (kiln_diagnostic_init) before asking. The strings belong to
 *  the library and stay valid until the calling thread's next compile
 *  call (below). */
typedef struct kiln_diagnostic_t {
  size_t struct_size;
  kiln_diagnostic_severity_t severity;
  /** The file it is in: the filename given to the compile ("" when the
   *  diagnostic names no file). */
  const char *file;
  unsigned line;   /**< 1-based; 0 when it has no location. */
  unsigned column; /**< 1-based byte column; 0 when it has no location. */
  /** What it says, without "FILE:LINE:COL: warning: " (lines joined with
   *  '\n' when it has several). */
  const char *message;
  /** The source line it quotes ("" when none). */
  const char *source_line;
  /** The whole diagnostic as the compiler prints it: "FILE:LINE:COL:
   *  warning: MESSAGE", the source line and a caret line, joined with
   *  '\n' (no final newline). */
  const char *text;
} kiln_diagnostic_t;

/** Sets struct_size and zeroes the rest. */
void kiln_diagnostic_init(kiln_diagnostic_t *diagnostic);

/** The number of diagnostics of the calling thread's last compile call
 *  (kiln_compile_source, kiln_compile_source_for_device,
 *  kiln_compile_for_arguments, kiln_compile_stage_for_arguments; each one
 *  replaces them). A call that returned a binary has the warnings and
 *  notes of the compile that made it, also when the binary came from the
 *  JIT's memory or disk cache (the disk cache keeps them with the binary);
 *  a KILN_STATUS_COMPILE_ERROR (or a NOT_FOUND kernel) has the errors,
 *  after any warnings the compile printed before them; the text of all of
 *  them is also kiln_last_error_message(). A call refused before the
 *  compile (a NULL argument, bad options, a missing launch argument) has
 *  none: kiln_last_error_message() says why. kiln_compile_stage_for_arguments
 *  keeps no warnings (only a failed one's errors). 0 before the first. */
size_t kiln_compile_last_diagnostic_count(void);

/** Diagnostic `index` (< kiln_compile_last_diagnostic_count()) of that
 *  compile, in the order the compiler reported them. An index out of range
 *  or a struct_size smaller than a size_t is KILN_STATUS_INVALID_ARGUMENT.
 *  A success leaves kiln_last_error_message() as it was (a failed
 *  compile's message can still be read after its diagnostics). */
kiln_status_t kiln_compile_last_diagnostic(size_t index,
                                           kiln_diagnostic_t *out);

/** Compiles `source`, named `filename` in diagnostics (NULL: "<source>"; a
 *  name ending in ".mlir" means kiln-dialect MLIR, anything else kernel
 *  source). A source error is KILN_STATUS_COMPILE_ERROR and
 *  kiln_last_error_message() holds the compiler's diagnostics, each
 *  "FILE:LINE:COL: error: MESSAGE" followed by the source line and a
 *  caret. An unknown options->kernel is KILN_STATUS_NOT_FOUND. */
kiln_status_t kiln_compile_source(kiln_compiler_t compiler, const char *source,
                                  const char *filename,
                                  const kiln_compile_options_t *options,
                                  kiln_binary_t *out);

/** As kiln_compile_source, with the target chosen by `device`'s back end
 *  (CUDA: PTX for options->arch; OpenCL, Level Zero: SPIR-V). */
kiln_status_t
kiln_compile_source_for_device(kiln_compiler_t compiler, kiln_device_t device,
                               const char *source, const char *filename,
                               const kiln_compile_options_t *options,
                               kiln_binary_t *out);

/** Compiles kernel options->kernel (required) of `source` specialized for
 *  the launch arguments `args` (nargs of them, in parameter order, the
 *  index excluded: what kiln_launch will get): an unannotated (generic)
 *  parameter takes its argument's type (a scalar's dtype, an array's or
 *  a local accessor's dtype and rank: kiln_arg_local_accessor types a
 *  parameter LocalAccessor[dtype, rank]), an unannotated work-item
 *  parameter the type options->launch_space gives it, a Constant[T]
 *  parameter its scalar argument's value,
 *  which is compiled in: launch the kernel without the arguments of its
 *  Constant parameters. Arrays in runtime buffers are known 16-byte
 *  aligned (buffers are allocation bases), which the kernel's code uses;
 *  a buffer of kiln_buffer_wrap only where its address is, so launch such
 *  a kernel with buffers aligned at least as those it was compiled for.
 *  The target is `device`'s (as kiln_compile_source_for_device) or, with
 *  a NULL device, options->target. A missing or unusable argument is
 *  KILN_STATUS_INVALID_ARGUMENT naming the parameter, e.g. "missing
 *  argument 'x': the kernel is specialized from it". */
kiln_status_t kiln_compile_for_arguments(
    kiln_compiler_t compiler, kiln_device_t device, const char *source,
    const char *filename, const kiln_compile_options_t *options,
    const kiln_arg_t *args, size_t nargs, kiln_binary_t *out);

/** An intermediate stage of a compile (kernel.inspect, kilnc --emit). */
typedef enum kiln_compile_stage_t {
  /** The kiln dialect after specialization and kernel selection. */
  KILN_COMPILE_STAGE_KILN = 0,
  /** The optimised LLVM IR of the target (kilnc --target llvm). */
  KILN_COMPILE_STAGE_LLVM_IR = 1
} kiln_compile_stage_t;

/** Compiles as kiln_compile_for_arguments (same inputs, same errors) up to
 *  `stage` and returns its text in `*out_text`, NUL-terminated, to free
 *  with kiln_text_release. Never cached: each call compiles. An unknown
 *  stage is KILN_STATUS_INVALID_ARGUMENT. */
kiln_status_t
kiln_compile_stage_for_arguments(kiln_compiler_t compiler, kiln_device_t device,
                                 const char *source, const char *filename,
                                 const kiln_compile_options_t *options,
                                 const kiln_arg_t *args, size_t nargs,
                                 kiln_compile_stage_t stage, char **out_text);
/** Frees a text returned by kiln_compile_stage_for_arguments (NULL: no-op). */
void kiln_text_release(char *text);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* KILN_KILN_COMPILER_H */
