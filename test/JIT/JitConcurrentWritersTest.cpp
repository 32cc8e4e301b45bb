//===- JitConcurrentWritersTest.cpp - Processes hammering one cache key ---===//
//
// Several processes (this binary re-run with --hammer-cache) write and read
// the same cache entry as fast as they can. Entries are written to a
// temporary file and renamed into place, so no reader may ever see a
// partial entry: every load must be a valid hit with the expected binary.
// The entry is padded to a megabyte so that a non-atomic write would be
// caught mid-way.
//
//===----------------------------------------------------------------------===//
#include "JitTestSupport.h"

#include "llvm/Support/FileSystem.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

extern char **environ;

namespace kiln::test {
namespace {

constexpr int kWriters = 4;
constexpr int kRounds = 40;

/// This binary (re-run as a writer).
std::string selfPath;

KernelArtifact paddedArtifact(const KernelBinary &binary) {
  KernelArtifact artifact;
  artifact.binary = binary;
  artifact.properties = {{"padding", std::string(1 << 20, 'p')}};
  return artifact;
}

/// One writer process: JIT-compiles saxpy through the shared disk cache,
/// then stores and loads its entry kRounds times. Exit status 0 = clean.
int hammer(const std::string &folder, int id) {
  JitOptions options;
  options.cacheDirectory = folder;
  options.memoryCache = false;
  options.diskCache = true;
  options.verbose = false;
  auto jit = JitCompiler::create(options);
  auto compiled = jit->compile(saxpyRequest());
  if (!compiled) {
    llvm::errs() << "writer " << id << ": "
                 << llvm::toString(compiled.takeError()) << "\n";
    return 2;
  }
  if (!compiled->cacheWarnings.empty()) {
    llvm::errs() << "writer " << id << ": " << compiled->cacheWarnings[0]
                 << "\n";
    return 3;
  }
  Digest key = sha256(llvm::StringRef("concurrent-writers-test-key"));
  DiskCache disk(folder, kDefaultCacheMaxBytes);
  KernelArtifact artifact = paddedArtifact(*compiled->binary);
  for (int round = 0; round < kRounds; ++round) {
    if (llvm::Error error = disk.store(key, artifact)) {
      llvm::errs() << "writer " << id << ": "
                   << llvm::toString(std::move(error)) << "\n";
      return 4;
    }
    for (int read = 0; read < 3; ++read) {
      std::string warning;
      std::optional<KernelArtifact> loaded = disk.load(key, warning);
      if (!warning.empty() || !loaded) {
        llvm::errs() << "writer " << id << " round " << round << ": "
                     << (warning.empty() ? "entry missing" : warning) << "\n";
        return 5;
      }
      if (loaded->binary.data != compiled->binary->data ||
          loaded->property("padding").size() != (1u << 20)) {
        llvm::errs() << "writer " << id << ": wrong entry content\n";
        return 6;
      }
    }
  }
  return 0;
}

TEST(JitConcurrentWriters, ProcessesNeverSeeAPartialEntry) {
  TempDir dir;
  std::string folder = dir.path() + "/cache";
  std::vector<pid_t> children;
  for (int i = 0; i < kWriters; ++i) {
    std::string id = std::to_string(i);
    char *argv[] = {const_cast<char *>(selfPath.c_str()),
                    const_cast<char *>("--hammer-cache"),
                    const_cast<char *>(folder.c_str()),
                    const_cast<char *>(id.c_str()), nullptr};
    pid_t pid;
    ASSERT_EQ(
        ::posix_spawn(&pid, selfPath.c_str(), nullptr, nullptr, argv, environ),
        0)
        << std::strerror(errno);
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << "writer " << pid << " crashed";
    EXPECT_EQ(WEXITSTATUS(status), 0) << "writer " << pid << " failed";
  }
  // Exactly two entries (the compiled one and the hammered one) and no
  // temporary files left behind.
  DiskCache disk(folder, kDefaultCacheMaxBytes);
  EXPECT_EQ(disk.usage().entries, 2u);
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(folder, ec), end; !ec && it != end;
       it.increment(ec))
    EXPECT_EQ(it->path().find(".tmp-"), std::string::npos) << it->path();
  // A new compiler finds the compiled entry intact.
  JitOptions options;
  options.cacheDirectory = folder;
  options.diskCache = true;
  ASSERT_EXPECTED(result,
                  JitCompiler::create(options)->compile(saxpyRequest()));
  EXPECT_EQ(result.origin, CacheOrigin::Disk);
}

} // namespace
} // namespace kiln::test

int main(int argc, char **argv) {
  kiln::test::selfPath = "/proc/self/exe";
  if (argc == 4 && std::strcmp(argv[1], "--hammer-cache") == 0)
    return kiln::test::hammer(argv[2], std::atoi(argv[3]));
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
