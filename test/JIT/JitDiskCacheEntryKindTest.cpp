//===- JitDiskCacheEntryKindTest.cpp - Foreign files in the disk cache ----===//
//
// What an attacker or a confused user can put where an entry belongs: a
// FIFO (must not block the compile), a huge sparse file (must not be
// read into memory), a folder (must really be removed). Each is reported,
// removed, and the kernel compiled and cached again.
//
//===----------------------------------------------------------------------===//
#include "JitTestSupport.h"

#include "llvm/Support/FileSystem.h"

#include <chrono>
#include <fcntl.h>
#include <future>
#include <sys/stat.h>
#include <unistd.h>

namespace kiln::test {
namespace {

class JitDiskCacheEntryKindTest : public JitTest {
protected:
  /// Compiles saxpy once so that the cache folder exists; the entry path.
  std::string entryPath() {
    auto jit = newJit();
    auto result = jit->compile(saxpyRequest());
    EXPECT_TRUE(static_cast<bool>(result));
    if (!result) {
      llvm::consumeError(result.takeError());
      return {};
    }
    return jit->diskCache()->directory() + "/" + result->key + ".kjit";
  }

  /// A fresh compiler meets the replaced entry: it compiles, warns with
  /// `problem`, removes the entry, and the next compiler hits the disk.
  void expectReplaced(const std::string &entry, const std::string &problem) {
    ASSERT_EXPECTED(result, newJit()->compile(saxpyRequest()));
    EXPECT_EQ(result.origin, CacheOrigin::Compiled);
    ASSERT_EQ(result.cacheWarnings.size(), 1u);
    EXPECT_NE(result.cacheWarnings[0].find(problem), std::string::npos)
        << result.cacheWarnings[0];
    EXPECT_NE(result.cacheWarnings[0].find("): deleted; recompiling"),
              std::string::npos)
        << result.cacheWarnings[0];
    struct stat st;
    ASSERT_EQ(::lstat(entry.c_str(), &st), 0) << "entry not stored again";
    EXPECT_TRUE(S_ISREG(st.st_mode));
    ASSERT_EXPECTED(next, newJit()->compile(saxpyRequest()));
    EXPECT_EQ(next.origin, CacheOrigin::Disk);
    EXPECT_TRUE(next.cacheWarnings.empty());
  }
};

TEST_F(JitDiskCacheEntryKindTest, FifoDoesNotBlock) {
  std::string entry = entryPath();
  ASSERT_EQ(::unlink(entry.c_str()), 0);
  ASSERT_EQ(::mkfifo(entry.c_str(), 0644), 0);
  auto compile = std::async(
      std::launch::async, [this] { return newJit()->compile(saxpyRequest()); });
  if (compile.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
    // Release the blocked reader so that the test can end.
    int writer = ::open(entry.c_str(), O_WRONLY | O_NONBLOCK);
    if (writer >= 0)
      ::close(writer);
    llvm::consumeError(compile.get().takeError());
    FAIL() << "the compile blocked on a FIFO in place of the entry";
  }
  auto result = compile.get();
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  ASSERT_EQ(result->cacheWarnings.size(), 1u);
  EXPECT_NE(result->cacheWarnings[0].find("(a FIFO)"), std::string::npos)
      << result->cacheWarnings[0];
  ASSERT_EXPECTED(next, newJit()->compile(saxpyRequest()));
  EXPECT_EQ(next.origin, CacheOrigin::Disk);
}

TEST_F(JitDiskCacheEntryKindTest, HugeSparseEntryIsNotRead) {
  std::string entry = entryPath();
  // A valid header followed by a terabyte of holes.
  ASSERT_EQ(::truncate(entry.c_str(), 1ll << 40), 0);
  expectReplaced(entry, "entry of 1099511627776 bytes exceeds the cache's "
                        "cap of 536870912 bytes");
}

TEST_F(JitDiskCacheEntryKindTest, LengthMismatchIsRefusedBeforeReading) {
  std::string entry = entryPath();
  uint64_t size = 0;
  ASSERT_FALSE(llvm::sys::fs::file_size(entry, size));
  // Within the cap, but longer than its header says.
  ASSERT_EQ(::truncate(entry.c_str(), static_cast<off_t>(size + 4096)), 0);
  expectReplaced(entry,
                 "header says " + std::to_string(size - 88) + " (truncated)");
}

TEST_F(JitDiskCacheEntryKindTest, FolderIsReallyRemoved) {
  std::string entry = entryPath();
  ASSERT_EQ(::unlink(entry.c_str()), 0);
  ASSERT_FALSE(llvm::sys::fs::create_directories(entry + "/inner"));
  ASSERT_TRUE(writeText(entry + "/inner/file", "not an entry"));
  expectReplaced(entry, "(a folder)");
}

TEST_F(JitDiskCacheEntryKindTest, SymbolicLinkIsNotFollowed) {
  std::string entry = entryPath();
  std::string target = dir.path() + "/elsewhere";
  ASSERT_EQ(::rename(entry.c_str(), target.c_str()), 0);
  ASSERT_FALSE(llvm::sys::fs::create_link(target, entry));
  expectReplaced(entry, "(a symbolic link)");
  EXPECT_TRUE(llvm::sys::fs::exists(target)) << "the link's target removed";
}

TEST_F(JitDiskCacheEntryKindTest, ArtifactAboveTheCapIsNotStored) {
  JitOptions tiny;
  tiny.cacheMaxBytes = 64;
  ASSERT_EXPECTED(result, newJit(tiny)->compile(saxpyRequest()));
  ASSERT_EQ(result.cacheWarnings.size(), 1u);
  EXPECT_NE(result.cacheWarnings[0].find("exceeds the cache's cap of 64 "
                                         "bytes (KILN_CACHE_MAX_BYTES): not "
                                         "cached"),
            std::string::npos)
      << result.cacheWarnings[0];
  EXPECT_EQ(newJit(tiny)->diskCache()->usage().entries, 0u);
}

} // namespace
} // namespace kiln::test
