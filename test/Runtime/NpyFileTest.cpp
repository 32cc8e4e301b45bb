//===- NpyFileTest.cpp - .npy files that are not plain files, failed writes
//===//
//
// readNpy on a folder; writeNpy that fails (/dev/full), that would replace
// a folder, and that must leave the old file intact until every byte of
// the new one is written (a temporary file renamed over it).
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/Npy.h"

#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace kiln {
namespace {

std::string tempPath(const std::string &stem) {
  const char *dir = std::getenv("TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/kiln-npyfiletest-" + stem + "-" +
         std::to_string(getpid());
}

NpyArray iota(int64_t n) {
  NpyArray array;
  array.dtype = DType::UInt8;
  array.shape = {n};
  for (int64_t i = 0; i < n; ++i)
    array.data.push_back(static_cast<uint8_t>(i));
  return array;
}

TEST(NpyFile, ReadingAFolderIsAnError) {
  std::string folder = tempPath("folder");
  ASSERT_EQ(::mkdir(folder.c_str(), 0755), 0);
  StatusOr<NpyArray> array = readNpy(folder);
  ::rmdir(folder.c_str());
  ASSERT_FALSE(array.ok());
  EXPECT_EQ(array.message(), folder + ": is a folder, not a .npy file");
}

TEST(NpyFile, WriteToAFullDeviceFails) {
  if (::access("/dev/full", W_OK) != 0)
    GTEST_SKIP() << "no writable /dev/full";
  Status s = writeNpy("/dev/full", iota(4));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "cannot write '/dev/full': No space left on device");
}

TEST(NpyFile, WriteOverAFolderFails) {
  std::string folder = tempPath("out-folder");
  ASSERT_EQ(::mkdir(folder.c_str(), 0755), 0);
  Status s = writeNpy(folder, iota(4));
  ::rmdir(folder.c_str());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), folder + ": is a folder, not a file");
}

TEST(NpyFile, WriteReplacesTheFileInsteadOfRewritingIt) {
  // A hard link keeps the old file's contents only if the new file is a
  // different inode renamed into place (not a truncate-and-rewrite).
  std::string path = tempPath("replace") + ".npy";
  std::string link = tempPath("replace-link") + ".npy";
  ASSERT_OK(writeNpy(path, iota(3)));
  ASSERT_EQ(::link(path.c_str(), link.c_str()), 0);
  ASSERT_OK(writeNpy(path, iota(5)));
  ASSERT_OK_AND_ASSIGN(now, readNpy(path));
  ASSERT_OK_AND_ASSIGN(old, readNpy(link));
  ::unlink(path.c_str());
  ::unlink(link.c_str());
  EXPECT_EQ(now.shape, std::vector<int64_t>{5});
  EXPECT_EQ(old.shape, std::vector<int64_t>{3});
}

TEST(NpyFile, WriteThroughASymbolicLinkReplacesItsTarget) {
  std::string target = tempPath("target") + ".npy";
  std::string link = tempPath("symlink") + ".npy";
  ASSERT_OK(writeNpy(target, iota(3)));
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  ASSERT_OK(writeNpy(link, iota(6)));
  struct stat st;
  ASSERT_EQ(::lstat(link.c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode)) << "the link was replaced";
  ASSERT_OK_AND_ASSIGN(now, readNpy(target));
  ::unlink(link.c_str());
  ::unlink(target.c_str());
  EXPECT_EQ(now.shape, std::vector<int64_t>{6});
}

TEST(NpyFile, EmptyPathIsAnError) {
  Status s = writeNpy("", iota(1));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "no output file name given");
}

} // namespace
} // namespace kiln
