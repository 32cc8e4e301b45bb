//===- SPIRVEmitProcess.cpp - SPIR-V code generation in a child ---------===//
//
// The child answers on a pipe with one tag byte (0: bytes follow, 1: an
// error message follows) and exits with _exit, so no atexit handler or
// static destructor of the parent (OpenCL, CUDA) runs twice.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/SPIRV/SPIRVEmitProcess.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"

#include <cerrno>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

using namespace kiln;

namespace {
constexpr char kBytes = 0, kError = 1;

/// Writes all of `data`; false when the pipe is gone.
bool writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

/// The pipe's write end in the child, for the fatal-error handler.
int childPipe = -1;

[[noreturn]] void answerAndExit(char tag, const std::string &payload) {
  bool ok = writeAll(childPipe, &tag, 1) &&
            writeAll(childPipe, payload.data(), payload.size());
  ::_exit(ok ? 0 : 3);
}

void reportFatalToParent(void *, const char *reason, bool) {
  answerAndExit(kError, std::string("the SPIR-V back end failed: ") + reason);
}

[[noreturn]] void
runChild(int fd, llvm::function_ref<llvm::Expected<std::string>()> emit) {
  childPipe = fd;
  // The compile session's crash recovery (compiler/Session) would unwind a
  // crash here back into the parent's code, running on as a second copy
  // of the caller: the child dies of the signal instead, which the parent
  // reports.
  llvm::CrashRecoveryContext::Disable();
  llvm::remove_fatal_error_handler();
  llvm::install_fatal_error_handler(reportFatalToParent);
  llvm::Expected<std::string> bytes = emit();
  if (!bytes)
    answerAndExit(kError, llvm::toString(bytes.takeError()));
  answerAndExit(kBytes, *bytes);
}

std::string readAll(int fd) {
  std::string data;
  char chunk[65536];
  for (;;) {
    ssize_t n = ::read(fd, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return data;
    data.append(chunk, static_cast<size_t>(n));
  }
}

llvm::Error childFailure(int status) {
  if (WIFSIGNALED(status))
    return llvm::createStringError("the SPIR-V back end crashed (signal " +
                                   std::to_string(WTERMSIG(status)) + ": " +
                                   strsignal(WTERMSIG(status)) + ")");
  return llvm::createStringError(
      "the SPIR-V back end exited without a result (status " +
      std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : status) + ")");
}
} // namespace

llvm::Expected<std::string> kiln::emitInChildProcess(
    llvm::function_ref<llvm::Expected<std::string>()> emit) {
  int fds[2];
  if (::pipe(fds) != 0)
    return llvm::createStringError(
        std::string("cannot create a pipe for SPIR-V code generation: ") +
        std::strerror(errno));
  pid_t child = ::fork();
  if (child < 0) {
    int error = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    return llvm::createStringError(
        std::string("cannot fork for SPIR-V code generation: ") +
        std::strerror(error));
  }
  if (child == 0) {
    ::close(fds[0]);
    runChild(fds[1], emit);
  }
  ::close(fds[1]);
  std::string answer = readAll(fds[0]);
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  bool exited = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!exited || answer.empty())
    return childFailure(status);
  if (answer[0] == kError)
    return llvm::createStringError(answer.substr(1));
  return answer.substr(1);
}
