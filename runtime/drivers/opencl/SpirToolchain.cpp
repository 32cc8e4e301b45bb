//===- SpirToolchain.cpp - SPIR-V to SPIR for cl_khr_spir devices -------===//
//
// Rewrites OpMemoryBarrier into OpenCL 2.0 fence calls (SpirFenceCalls.h),
// then runs `llvm-spirv-15 -r in.spv -o out.bc` through posix_spawn with
// temporary files made by mkstemp in $TMPDIR; the child's stdout and stderr
// go to a third temporary file that is quoted in errors.
//
//===----------------------------------------------------------------------===//
#include "SpirToolchain.h"

#include "SpirFenceCalls.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace kiln {
namespace {

constexpr const char *kToolName = "llvm-spirv-15";
constexpr const char *kToolFallback = "/usr/bin/llvm-spirv-15";

/// A file created by mkstemp, removed when this goes out of scope.
class TempFile {
public:
  static StatusOr<TempFile> create() {
    const char *dir = std::getenv("TMPDIR");
    std::string pattern =
        std::string(dir && *dir ? dir : "/tmp") + "/kiln-spir-XXXXXX";
    int fd = mkstemp(pattern.data());
    if (fd < 0)
      return internalError("cannot create a temporary file '" + pattern +
                           "': " + std::strerror(errno));
    close(fd);
    return TempFile(pattern);
  }
  TempFile(TempFile &&other) noexcept : path_(std::move(other.path_)) {
    other.path_.clear();
  }
  TempFile(const TempFile &) = delete;
  ~TempFile() {
    if (!path_.empty())
      unlink(path_.c_str());
  }
  const std::string &path() const { return path_; }

private:
  explicit TempFile(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

bool isExecutable(const std::string &path) {
  return access(path.c_str(), X_OK) == 0;
}

std::string searchPath(const char *name) {
  const char *path = std::getenv("PATH");
  std::string dirs = path ? path : "";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos)
      end = dirs.size();
    std::string candidate = dirs.substr(start, end - start) + "/" + name;
    if (end > start && isExecutable(candidate))
      return candidate;
    start = end + 1;
  }
  return "";
}

StatusOr<std::vector<uint8_t>> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return internalError("cannot read '" + path + "'");
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
}

Status writeFile(const std::string &path, const std::vector<uint8_t> &data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char *>(data.data()),
            static_cast<std::streamsize>(data.size()));
  return out ? Status() : internalError("cannot write '" + path + "'");
}

/// Runs argv with stdout+stderr into `logPath`; returns the wait status.
StatusOr<int> runTool(const std::vector<std::string> &argv,
                      const std::string &logPath) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 2, logPath.c_str(),
                                   O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_adddup2(&actions, 2, 1);
  std::vector<char *> args;
  for (const std::string &arg : argv)
    args.push_back(const_cast<char *>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int err = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(),
                        environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0)
    return internalError("cannot run '" + argv[0] + "': " + std::strerror(err));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return internalError("waitpid on '" + argv[0] +
                           "' failed: " + std::strerror(errno));
  return status;
}

std::string describeExit(int status) {
  if (WIFEXITED(status))
    return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return "was killed by signal " + std::to_string(WTERMSIG(status));
  return "stopped abnormally";
}

} // namespace

StatusOr<std::string> findLlvmSpirv() {
  if (const char *env = std::getenv("KILN_LLVM_SPIRV"); env && *env) {
    if (isExecutable(env))
      return std::string(env);
    return unavailable(std::string("KILN_LLVM_SPIRV='") + env +
                       "' is not an executable file");
  }
  std::string found = searchPath(kToolName);
  if (!found.empty())
    return found;
  if (isExecutable(kToolFallback))
    return std::string(kToolFallback);
  return unavailable(std::string(kToolName) + " not found on PATH or at " +
                     kToolFallback +
                     "; it is needed to turn SPIR-V into SPIR for this device");
}

StatusOr<std::vector<uint8_t>>
translateSpirvToSpir(const std::vector<uint8_t> &spirv) {
  StatusOr<std::string> tool = findLlvmSpirv();
  if (!tool.ok())
    return tool.status();
  StatusOr<TempFile> input = TempFile::create();
  StatusOr<TempFile> output = TempFile::create();
  StatusOr<TempFile> log = TempFile::create();
  for (const auto *file : {&input, &output, &log})
    if (!file->ok())
      return file->status();
  // PoCL's kernel library has no mem_fence, the translator's rendering of
  // OpMemoryBarrier (SpirFenceCalls.h says why and what replaces it).
  StatusOr<std::vector<uint8_t>> withFences =
      callFencesForMemoryBarriers(spirv);
  if (!withFences.ok())
    return withFences.status();
  KILN_RETURN_IF_ERROR(writeFile(input->path(), *withFences));
  StatusOr<int> status =
      runTool({*tool, "-r", input->path(), "-o", output->path()}, log->path());
  if (!status.ok())
    return status.status();
  if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0) {
    StatusOr<std::vector<uint8_t>> text = readFile(log->path());
    std::string stderrText =
        text.ok() ? std::string(text->begin(), text->end()) : "";
    return internalError(*tool + " -r (SPIR-V to SPIR) " +
                         describeExit(*status) + ": " + stderrText);
  }
  return readFile(output->path());
}

} // namespace kiln
