//===- JitDiskCacheTest.cpp - Disk hits, corruption, eviction, switches ---===//
#include "JitTestSupport.h"

#include "llvm/Support/FileSystem.h"

#include <chrono>
#include <fstream>
#include <thread>

namespace kiln::test {
namespace {

std::vector<char> readBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>((std::istreambuf_iterator<char>(in)),
                           std::istreambuf_iterator<char>());
}

void writeBytes(const std::string &path, const std::vector<char> &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

class JitDiskCacheTest : public JitTest {
protected:
  /// Compiles saxpy in a fresh compiler, returning the entry's path.
  std::string compileOnce(CompileRequest request = saxpyRequest()) {
    auto jit = newJit();
    auto result = jit->compile(request);
    EXPECT_TRUE(static_cast<bool>(result));
    if (!result) {
      llvm::consumeError(result.takeError());
      return {};
    }
    return jit->diskCache()->directory() + "/" + result->key + ".kjit";
  }

  /// A corrupted entry: detected, deleted, recompiled, warned about, and
  /// the rewritten entry serves the next compiler.
  void expectRecovery(const std::string &entry, const std::string &problem) {
    auto jit = newJit();
    ASSERT_EXPECTED(result, jit->compile(saxpyRequest()));
    EXPECT_EQ(result.origin, CacheOrigin::Compiled);
    ASSERT_EQ(result.cacheWarnings.size(), 1u);
    EXPECT_NE(result.cacheWarnings[0].find(problem), std::string::npos)
        << result.cacheWarnings[0];
    EXPECT_EQ(jit->stats().corruptedEntries, 1u);
    logStream.flush();
    EXPECT_NE(logText.find("kiln-jit: warning: corrupted JIT cache entry"),
              std::string::npos)
        << logText;
    ASSERT_EXPECTED(next, newJit()->compile(saxpyRequest()));
    EXPECT_EQ(next.origin, CacheOrigin::Disk);
    EXPECT_TRUE(next.cacheWarnings.empty());
  }
};

TEST_F(JitDiskCacheTest, NewCompilerHitsDisk) {
  auto first = newJit();
  ASSERT_EXPECTED(compiled, first->compile(saxpyRequest(TargetKind::PTX)));
  EXPECT_EQ(compiled.origin, CacheOrigin::Compiled);
  EXPECT_GT(compiled.timings.optimizeAndEmit, 0.0);

  auto second = newJit();
  ASSERT_EXPECTED(loaded, second->compile(saxpyRequest(TargetKind::PTX)));
  EXPECT_EQ(loaded.origin, CacheOrigin::Disk);
  EXPECT_EQ(loaded.key, compiled.key);
  EXPECT_EQ(loaded.binary->data, compiled.binary->data);
  EXPECT_EQ(loaded.binary->arch, "sm_90");
  ASSERT_EQ(loaded.binary->kernels.size(), 1u);
  EXPECT_EQ(loaded.binary->kernels[0].params.size(), 3u);
  EXPECT_EQ(loaded.timings.optimizeAndEmit, 0.0);

  ASSERT_EXPECTED(again, second->compile(saxpyRequest(TargetKind::PTX)));
  EXPECT_EQ(again.origin, CacheOrigin::Memory);
  EXPECT_EQ(second->stats().diskHits, 1u);
  EXPECT_EQ(second->stats().compiles, 0u);
}

TEST_F(JitDiskCacheTest, FlippedPayloadByteIsDetected) {
  std::string entry = compileOnce();
  std::vector<char> bytes = readBytes(entry);
  ASSERT_GT(bytes.size(), 200u);
  bytes[bytes.size() / 2] ^= 0x5a;
  writeBytes(entry, bytes);
  expectRecovery(entry, "payload checksum mismatch");
}

TEST_F(JitDiskCacheTest, TruncatedEntryIsDetected) {
  std::string entry = compileOnce();
  std::vector<char> bytes = readBytes(entry);
  bytes.resize(bytes.size() - 7);
  writeBytes(entry, bytes);
  expectRecovery(entry, "(truncated)");
}

TEST_F(JitDiskCacheTest, TruncatedHeaderIsDetected) {
  std::string entry = compileOnce();
  std::vector<char> bytes = readBytes(entry);
  bytes.resize(20);
  writeBytes(entry, bytes);
  expectRecovery(entry, "truncated header");
}

TEST_F(JitDiskCacheTest, FlippedHeaderByteIsDetected) {
  std::string entry = compileOnce();
  std::vector<char> bytes = readBytes(entry);
  bytes[1] ^= 1;
  writeBytes(entry, bytes);
  expectRecovery(entry, "bad magic");
}

TEST_F(JitDiskCacheTest, EvictsLeastRecentlyUsedUnderTinyCap) {
  std::string a = compileOnce(saxpyRequest(TargetKind::SPIRV));
  uint64_t entrySize = 0;
  ASSERT_FALSE(llvm::sys::fs::file_size(a, entrySize));
  // Room for about two entries.
  JitOptions tiny;
  tiny.cacheMaxBytes = entrySize * 5 / 2;
  auto jit = newJit(tiny);
  CompileRequest o1 = saxpyRequest(), o3 = saxpyRequest();
  o1.optLevel = 1;
  o3.optLevel = 3;
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EXPECTED(b, jit->compile(o1));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  // A disk hit touches `a`: now `b` is the least recently used.
  ASSERT_EXPECTED(hitA, newJit(tiny)->compile(saxpyRequest()));
  EXPECT_EQ(hitA.origin, CacheOrigin::Disk);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EXPECTED(c, jit->compile(o3));
  std::string folder = jit->diskCache()->directory() + "/";
  EXPECT_TRUE(llvm::sys::fs::exists(a)) << "recently used entry evicted";
  EXPECT_FALSE(llvm::sys::fs::exists(folder + b.key + ".kjit"));
  EXPECT_TRUE(llvm::sys::fs::exists(folder + c.key + ".kjit"));
  DiskCache::Usage usage = jit->diskCache()->usage();
  EXPECT_EQ(usage.entries, 2u);
  EXPECT_LE(usage.bytes, *tiny.cacheMaxBytes);
}

TEST_F(JitDiskCacheTest, ApiSwitchesTurnCachesOff) {
  JitOptions off;
  off.memoryCache = false;
  off.diskCache = false;
  auto jit = newJit(off);
  EXPECT_EQ(jit->diskCache(), nullptr);
  ASSERT_EXPECTED(a, jit->compile(saxpyRequest()));
  ASSERT_EXPECTED(b, jit->compile(saxpyRequest()));
  EXPECT_EQ(a.origin, CacheOrigin::Compiled);
  EXPECT_EQ(b.origin, CacheOrigin::Compiled);
  EXPECT_EQ(b.key, a.key);
  EXPECT_FALSE(llvm::sys::fs::exists(cacheDir()));
}

TEST_F(JitDiskCacheTest, EnvironmentSwitchAndFolder) {
  ::setenv("KILN_CACHE_DIR", cacheDir().c_str(), 1);
  ::setenv("KILN_CACHE_MAX_BYTES", "12345", 1);
  JitOptions fromEnvironment;
  fromEnvironment.log = &logStream;
  auto on = JitCompiler::create(fromEnvironment);
  ASSERT_NE(on->diskCache(), nullptr);
  EXPECT_EQ(on->diskCache()->directory(), cacheDir());
  EXPECT_EQ(on->diskCache()->maxBytes(), 12345u);
  for (const char *value : {"0", "disable", "OFF"}) {
    ::setenv("KILN_CACHE", value, 1);
    auto off = JitCompiler::create(fromEnvironment);
    EXPECT_EQ(off->diskCache(), nullptr) << value;
    EXPECT_FALSE(off->memoryCacheEnabled()) << value;
  }
  // The API wins over the environment.
  JitOptions forced = fromEnvironment;
  forced.diskCache = true;
  EXPECT_NE(JitCompiler::create(forced)->diskCache(), nullptr);
  ::unsetenv("KILN_CACHE");
  ::unsetenv("KILN_CACHE_DIR");
  ::unsetenv("KILN_CACHE_MAX_BYTES");
  ::setenv("XDG_CACHE_HOME", "/tmp/xdg", 1);
  EXPECT_EQ(cacheDirectoryFromEnvironment(), "/tmp/xdg/kiln");
  ::unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(cacheMaxBytesFromEnvironment(), kDefaultCacheMaxBytes);
}

TEST_F(JitDiskCacheTest, EntryCarriesProvenance) {
  CompileRequest request = scaleRequest("Array[float32]", "float32", 4);
  std::string library = dir.path() + "/twice.ll";
  ASSERT_TRUE(writeText(library, kTwiceLibrary));
  request.bitcodeLibraries = {library};
  request.aligned16 = {"x"};
  auto jit = newJit();
  ASSERT_EXPECTED(result, jit->compile(request));
  EXPECT_EQ(result.aligned16, std::vector<std::string>{"x"});
  std::string warning;
  DiskCache disk(jit->diskCache()->directory(), kDefaultCacheMaxBytes);
  Digest key;
  for (size_t i = 0; i < key.size(); ++i)
    key[i] = static_cast<uint8_t>(
        std::stoi(result.key.substr(2 * i, 2), nullptr, 16));
  std::optional<KernelArtifact> artifact = disk.load(key, warning);
  ASSERT_TRUE(artifact) << warning;
  EXPECT_EQ(artifact->property("jit.signature"),
            "scale:s=float32,x=Array[float32, 1],reps=4");
  EXPECT_EQ(artifact->property("jit.aligned16"), "x");
  EXPECT_EQ(artifact->property("jit.key"), result.key);
}

} // namespace
} // namespace kiln::test
