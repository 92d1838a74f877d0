// SPDX-License-Identifier: GPL-2.0-only
//
// crcbench-alg file on real files, streamed: a file that changes size
// between open and read (or during a pass) is the file-changed error, exit
// 8, through every path; --drop-cache leaves no page cached; the "CRC  PATH"
// lines of --format sum and --check round-trip, escapes included.
#include "cli.h"
#include "error.h"
#include "file_crc.h"
#include "file_run.h"
#include "temp_file.h"
#include "user_drivers.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <linux/magic.h>
#include <string>
#include <sys/vfs.h>
#include <unistd.h>
#include <vector>

using namespace crcbench;
using crcbench::tst::random_bytes;
using crcbench::tst::TempFile;

namespace {

// A kernel hash stream in software that takes send() only (splice refused).
class SendOnlyStream : public HashStream {
  public:
    ssize_t splice_from(int, std::size_t, bool) override { return -EINVAL; }
    void send(std::span<const std::uint8_t> data, bool) override { h_.update(data); }
    Digest result() override { return h_.final(); }

  private:
    UserHasher h_;
};

ExitCode code_of(const std::function<void()> &f) {
    try {
        f();
    } catch (const ToolError &e) {
        return e.code();
    }
    return ExitCode::ok;
}

Options parse(std::initializer_list<std::string_view> args) {
    std::vector<std::string_view> v(args);
    return parse_args(v);
}

} // namespace

TEST(FileStream, FileTruncatedBetweenOpenAndReadIsAChangedFile) {
    TempFile f(random_bytes(3 << 20, 7));
    InputFile in(f.path());
    ASSERT_EQ(in.size(), 3u << 20);
    ASSERT_EQ(::truncate(f.path().c_str(), 1000), 0); // after open, before any read
    UnitLayout whole = UnitLayout::whole(in.size());
    ReadBuffer buf(64 << 10);
    UserHasher h;
    EXPECT_EQ(code_of([&] { reference_unit_crcs(in, whole, buf, CrcAlg::crc32c); }),
              ExitCode::file_changed);
    EXPECT_EQ(code_of([&] { user_unit_crcs(in, whole, buf, h); }), ExitCode::file_changed);
    EXPECT_EQ(code_of([&] {
                  kernel_unit_crcs(
                      in, whole, buf, [] { return std::make_unique<SendOnlyStream>(); }, "s");
              }),
              ExitCode::file_changed);
    try {
        in.check_unchanged();
        FAIL() << "no error";
    } catch (const ToolError &e) {
        EXPECT_NE(std::string(e.what()).find("changed size while being hashed: 3145728 bytes "
                                             "when opened, now 1000"),
                  std::string::npos)
            << e.what();
    }
}

TEST(FileStream, FileGrownDuringARunIsAChangedFile) {
    TempFile f(random_bytes(100000, 7));
    InputFile in(f.path());
    int fd = ::open(f.path().c_str(), O_WRONLY | O_APPEND);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::write(fd, "more", 4), 4);
    ::close(fd);
    ReadBuffer buf;
    EXPECT_EQ(code_of([&] {
                  reference_unit_crcs(in, UnitLayout::whole(in.size()), buf, CrcAlg::crc32c);
              }),
              ExitCode::file_changed);
}

TEST(FileStream, ReadBufferIsTheOnlyWindow) {
    // A file 40 times the buffer: the same CRC as in one piece.
    TempFile f(random_bytes(40 * 4096 + 17, 7));
    InputFile in(f.path());
    ReadBuffer small(4096), big(1 << 20);
    UnitLayout whole = UnitLayout::whole(in.size());
    EXPECT_EQ(reference_unit_crcs(in, whole, small, CrcAlg::crc32c).crcs,
              reference_unit_crcs(in, whole, big, CrcAlg::crc32c).crcs);
    EXPECT_EQ(reference_unit_crcs(in, whole, small, CrcAlg::crc64_rocksoft).crcs,
              reference_unit_crcs(in, whole, big, CrcAlg::crc64_rocksoft).crcs);
}

TEST(FileStream, DropCacheLeavesNoPageCached) {
    struct statfs fs {};
    ASSERT_EQ(::statfs(".", &fs), 0);
    if (fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC)
        GTEST_SKIP() << "the working directory is on tmpfs: its pages cannot be dropped";
    TempFile f(random_bytes(2 << 20, 7));
    InputFile in(f.path());
    ReadBuffer buf;
    reference_unit_crcs(in, UnitLayout::whole(in.size()), buf, CrcAlg::crc32c);
    EXPECT_GT(cached_pages(in.fd(), in.size()), 0u) << "just read: cached";
    in.drop_cache();
    EXPECT_EQ(cached_pages(in.fd(), in.size()), 0u);
    InputFile stdin_file("-");
    EXPECT_THROW(stdin_file.drop_cache(), UsageError);
}

TEST(ChecksumLines, RoundTripEscapesNewlineAndBackslash) {
    EXPECT_EQ(checksum_line(CrcAlg::crc32c, 0xe3069283, "data"), "e3069283  data\n");
    EXPECT_EQ(checksum_line(CrcAlg::crct10dif, 0xd0db, "x"), "d0db  x\n");
    EXPECT_EQ(checksum_line(CrcAlg::crc32c, 1, "a\nb\\c"), "\\00000001  a\\nb\\\\c\n");
    for (std::string path : {"plain", "with space", "new\nline", "back\\slash", "cr\r", "\\n"}) {
        std::string line = checksum_line(CrcAlg::crc64_rocksoft, 0xae8b14860a799888, path);
        ASSERT_EQ(line.back(), '\n');
        line.pop_back();
        EXPECT_EQ(line.find('\n'), std::string::npos) << path;
        auto e = parse_checksum_line(CrcAlg::crc64_rocksoft, line);
        ASSERT_TRUE(e) << line;
        EXPECT_EQ(e->path, path);
        EXPECT_EQ(e->crc, 0xae8b14860a799888u);
    }
    auto upper = parse_checksum_line(CrcAlg::crc32c, "E3069283 *data\r");
    ASSERT_TRUE(upper);
    EXPECT_EQ(upper->crc, 0xe3069283u);
    EXPECT_EQ(upper->path, "data");
}

TEST(ChecksumLines, TagAndZeroStylesAsSha256sum) {
    EXPECT_EQ(checksum_line(CrcAlg::crc32c, 0xe3069283, "data", {.tag = true}),
              "CRC32C (data) = e3069283\n");
    EXPECT_EQ(checksum_line(CrcAlg::crc64_rocksoft, 1, "a\nb", {.tag = true}),
              "\\CRC64-ROCKSOFT (a\\nb) = 0000000000000001\n");
    EXPECT_EQ(checksum_line(CrcAlg::crc32c, 1, "a\nb", {.zero = true}),
              std::string("00000001  a\nb\0", 14));
    // A tagged line reads back, a path holding ") = " too.
    for (std::string path : {"data", "x) = y", "new\nline", "(p)"}) {
        std::string line = checksum_line(CrcAlg::crct10dif, 0xd0db, path, {.tag = true});
        line.pop_back();
        auto e = parse_checksum_line(CrcAlg::crct10dif, line);
        ASSERT_TRUE(e) << line;
        EXPECT_EQ(e->path, path);
        EXPECT_EQ(e->crc, 0xd0dbu);
    }
    for (std::string_view line : {"CRC32C (data) = e306928", "CRCT10DIF (data) = e3069283",
                                  "CRC32C (data)= e3069283", "CRC32C data) = e3069283"})
        EXPECT_FALSE(parse_checksum_line(CrcAlg::crc32c, line)) << line;
}

TEST(Cli, CheckFlagsBelongToTheirMode) {
    Options o = parse({"file", "--check", "l", "--status", "--strict", "--ignore-missing", "-w"});
    EXPECT_TRUE(o.file.status && o.file.strict && o.file.ignore_missing && o.file.warn);
    EXPECT_TRUE(parse({"file", "-f", "sum", "--tag", "-z", "a"}).file.zero);
    EXPECT_THROW(parse({"file", "--status", "a"}), UsageError);
    EXPECT_THROW(parse({"file", "-w", "a"}), UsageError);
    EXPECT_THROW(parse({"file", "--check", "l", "--tag"}), UsageError);
    EXPECT_THROW(parse({"file", "--check", "l", "-z"}), UsageError);
    EXPECT_THROW(parse({"file", "--tag", "a"}), UsageError);
    EXPECT_THROW(parse({"file", "-f", "json", "-z", "a"}), UsageError);
}

TEST(ChecksumLines, ImproperLinesAreRejected) {
    for (std::string_view line :
         {"", "e3069283", "e3069283  ", "e3069283 data", "e306928  data", "e30692833  data",
          "g3069283  data", "0xe30692  data", "\\e3069283  bad\\escape", "\\e3069283  end\\"})
        EXPECT_FALSE(parse_checksum_line(CrcAlg::crc32c, line)) << line;
    EXPECT_FALSE(parse_checksum_line(CrcAlg::crct10dif, "e3069283  data")) << "wrong width";
}

TEST(Cli, FileStdinRepeatDropCacheAndCheckRules) {
    Options o = parse({"file", "--repeat", "3", "--drop-cache", "a", "b"});
    EXPECT_EQ(o.file.repeat, 3u);
    EXPECT_TRUE(o.file.drop_cache);
    EXPECT_EQ(parse({"file", "-"}).file.paths, std::vector<std::string>{"-"});
    EXPECT_TRUE(parse({"file", "-f", "sum", "a"}).file.sum_lines);
    EXPECT_EQ(parse({"file", "--check", "l"}).file.check_list, "l");
    EXPECT_EQ(parse({"file", "-c", "-"}).file.check_list, "-");
    EXPECT_THROW(parse({"file", "--repeat", "0", "a"}), UsageError);
    EXPECT_THROW(parse({"file", "--repeat", "2", "-"}), UsageError);
    EXPECT_THROW(parse({"file", "--drop-cache", "-"}), UsageError);
    EXPECT_THROW(parse({"file", "--innodb", "-"}), UsageError);
    EXPECT_THROW(parse({"file", "-", "-"}), UsageError);
    EXPECT_THROW(parse({"file", "--check", "l", "a"}), UsageError);
    EXPECT_THROW(parse({"file", "--check", "l", "-f", "json"}), UsageError);
    EXPECT_THROW(parse({"file", "-f", "sum", "--page-size", "4K", "a"}), UsageError);
    EXPECT_THROW(parse({"file", "-f", "xml", "a"}), UsageError);
    EXPECT_THROW(parse({"file", "--testing-read-window", "0", "a"}), UsageError);
}
