/* CAPICompileDiagnostics.c - a compile's diagnostics from C.
 *
 *   kiln-capi-compile-diagnostics
 *
 * Compiles (SPIR-V, no device) a kernel with a warning and prints each
 * diagnostic kiln_compile_last_diagnostic returns: its severity, file,
 * line, column, message and source line; then the same request again (a
 * JIT cache hit, whose binary keeps its warnings), a kernel without
 * warnings, a kernel with an error (still KILN_STATUS_COMPILE_ERROR with
 * its message, and now a located error), a struct of an older, smaller
 * header and the refused calls. Prints one line per step for
 * compile-diagnostics.test. Built as C99 -pedantic -Werror.
 */
#include "kiln/kiln.h"
#include "kiln/kiln_compiler.h"

#include "CAPIReport.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* Line 4: a float literal next to an int64 is float32 under Kiln's typing,
 * where Numba computes in float64: a warning at the literal. */
static const char *const kWarns = "from kiln import *\n"
                                  "@kernel\n"
                                  "def scale(item: Item, x: Array[float32], "
                                  "n: int64):\n"
                                  "    x[item.get_id(0)] = n * 0.5\n";

static const char *const kClean = "from kiln import *\n"
                                  "@kernel\n"
                                  "def scale(item: Item, x: Array[float32]):\n"
                                  "    x[item.get_id(0)] = 2.0\n";

static const char *const kError = "from kiln import *\n"
                                  "@kernel\n"
                                  "def scale(item: Item, x: Array[float32]):\n"
                                  "    x[item.get_id(0)] = undefined_name\n";

static const char *severityName(kiln_diagnostic_severity_t severity) {
  switch (severity) {
  case KILN_DIAGNOSTIC_ERROR:
    return "error";
  case KILN_DIAGNOSTIC_WARNING:
    return "warning";
  case KILN_DIAGNOSTIC_NOTE:
    return "note";
  case KILN_DIAGNOSTIC_REMARK:
    return "remark";
  }
  return "?";
}

/* Prints the thread's last diagnostics, one line each (and the source line
 * it quotes), under `step`. */
static int printDiagnostics(const char *step) {
  size_t count = kiln_compile_last_diagnostic_count(), i;
  printf("%s: %lu diagnostic(s)\n", step, (unsigned long)count);
  for (i = 0; i < count; ++i) {
    kiln_diagnostic_t d;
    kiln_diagnostic_init(&d);
    if (!report("kiln_compile_last_diagnostic",
                kiln_compile_last_diagnostic(i, &d)))
      return 0;
    printf("  %s at %s:%u:%u: %s\n", severityName(d.severity), d.file, d.line,
           d.column, d.message);
    printf("  source: [%s]\n", d.source_line);
    /* The text is the diagnostic as printed, beginning with its header. */
    if (strncmp(d.text, d.file, strlen(d.file)) != 0 ||
        strstr(d.text, d.message) == NULL)
      printf("  text does not start with the header: [%s]\n", d.text);
  }
  return 1;
}

static kiln_status_t compile(kiln_compiler_t compiler, const char *source,
                             kiln_binary_t *binary) {
  kiln_compile_options_t options;
  kiln_compile_options_init(&options);
  options.kernel = "scale";
  return kiln_compile_source(compiler, source, "warn.py", &options, binary);
}

int main(void) {
  kiln_compiler_t compiler = NULL;
  kiln_binary_t binary = NULL;
  kiln_diagnostic_t d;
  kiln_status_t status;
  int ok = 1;

  printf("before any compile: %lu diagnostic(s)\n",
         (unsigned long)kiln_compile_last_diagnostic_count());
  if (!report("kiln_compiler_create", kiln_compiler_create(&compiler)))
    return 1;

  /* A successful compile returns its warnings. */
  if (!report("kiln_compile_source", compile(compiler, kWarns, &binary)))
    ok = 0;
  kiln_binary_release(binary);
  binary = NULL;
  ok = ok && printDiagnostics("warning");

  /* The same request is a cache hit: the binary comes with its warnings. */
  if (!report("kiln_compile_source", compile(compiler, kWarns, &binary)))
    ok = 0;
  kiln_binary_release(binary);
  binary = NULL;
  ok = ok && printDiagnostics("again");

  /* A caller built against an older header whose struct ends before
   * `file` gets the severity only; the rest of its memory is untouched. */
  memset(&d, 0x5a, sizeof(d));
  d.struct_size = offsetof(kiln_diagnostic_t, file);
  if (report("kiln_compile_last_diagnostic",
             kiln_compile_last_diagnostic(0, &d)))
    printf("older struct: %s, rest untouched: %s\n", severityName(d.severity),
           d.line == 0x5a5a5a5au ? "yes" : "no");

  /* No warning, no diagnostic. */
  if (!report("kiln_compile_source", compile(compiler, kClean, &binary)))
    ok = 0;
  kiln_binary_release(binary);
  binary = NULL;
  ok = ok && printDiagnostics("clean");

  /* Errors still fail the compile, with their message, and are listed. */
  status = compile(compiler, kError, &binary);
  printf("error: status %s, binary %s\n", kiln_status_name(status),
         binary ? "set" : "NULL");
  ok = ok && printDiagnostics("error");
  /* Its first line: the located error. */
  printf("message after reading them: %.*s\n",
         (int)strcspn(kiln_last_error_message(), "\n"),
         kiln_last_error_message());

  /* Refused calls. */
  status =
      kiln_compile_last_diagnostic(kiln_compile_last_diagnostic_count(), &d);
  printf("out of range: %s: %s\n", kiln_status_name(status),
         kiln_last_error_message());
  kiln_diagnostic_init(&d);
  d.struct_size = 0;
  status = kiln_compile_last_diagnostic(0, &d);
  printf("struct_size 0: %s: %s\n", kiln_status_name(status),
         kiln_last_error_message());
  status = kiln_compile_last_diagnostic(0, NULL);
  printf("NULL: %s: %s\n", kiln_status_name(status), kiln_last_error_message());
  /* A call refused before compiling has no diagnostics. */
  status = kiln_compile_source(compiler, NULL, "warn.py", NULL, &binary);
  printf("refused compile: %s, %lu diagnostic(s)\n", kiln_status_name(status),
         (unsigned long)kiln_compile_last_diagnostic_count());

  kiln_compiler_release(compiler);
  return ok ? 0 : 1;
}
