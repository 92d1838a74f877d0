// SPDX-License-Identifier: GPL-2.0-only
//
// crcbench-alg file: the InnoDB full_crc32 rules on synthetic tablespaces
// built here, the checks before hashing, and the file engine (whole file and
// pages, splice and its read fallback) against the bitwise reference.
#include "crc32c_reference.h"
#include "error.h"
#include "file_crc.h"
#include "file_run.h"
#include "temp_file.h"
#include "user_drivers.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

using namespace crcbench;
using crcbench::tst::random_bytes;
using crcbench::tst::TempFile;

namespace {

std::uint32_t ref_digest(std::span<const std::uint8_t> data) {
    return ~crc32c_ref::update(0xffffffffu, data);
}

void store_be32(std::uint8_t *p, std::uint32_t v) {
    p[0] = static_cast<std::uint8_t>(v >> 24);
    p[1] = static_cast<std::uint8_t>(v >> 16);
    p[2] = static_cast<std::uint8_t>(v >> 8);
    p[3] = static_cast<std::uint8_t>(v);
}

// A full_crc32 tablespace: `pages` pages of `ps` bytes, random content, the
// flags in page 0, a valid checksum on each page except those listed as zero.
std::vector<std::uint8_t> tablespace(std::size_t ps, std::size_t pages, std::uint32_t flags,
                                     const std::vector<std::size_t> &zero_pages = {}) {
    std::vector<std::uint8_t> data(ps * pages);
    std::mt19937 rng(42);
    for (auto &b : data)
        b = static_cast<std::uint8_t>(rng());
    for (std::size_t i = 0; i < pages; ++i) {
        std::uint8_t *page = data.data() + i * ps;
        store_be32(page + innodb::kKeyVersionOffset, 0); // not encrypted
        if (i == 0)
            store_be32(page + innodb::kFlagsOffset, flags);
        if (std::find(zero_pages.begin(), zero_pages.end(), i) != zero_pages.end()) {
            std::fill(page, page + ps, 0);
            continue;
        }
        store_be32(page + ps - 4, ref_digest({page, ps - 4}));
    }
    return data;
}

std::uint32_t flags_for(std::size_t ps) {
    std::uint32_t ssize = 0;
    while ((std::size_t{512} << ssize) != ps)
        ++ssize;
    return innodb::kMarker | ssize;
}

// Each page's facts as the file engine gathers them while it hashes: the
// InnoDB rules are judged from these (judge_pages).
std::vector<PageFacts> facts_of(const std::vector<std::uint8_t> &ts, std::size_t ps) {
    TempFile f(ts);
    InputFile file(f.path());
    ReadBuffer buf;
    std::vector<PageFacts> facts;
    reference_unit_crcs(file, UnitLayout::pages(ts.size(), ps, 4), buf, CrcAlg::crc32c, &facts);
    return facts;
}

// A kernel hash operation in software: splice reads the pipe (as the kernel
// would take its pages), send takes bytes. refuse_at: the n-th splice call
// (1-based) fails with refuse_errno, and every later one too.
class SoftStream : public HashStream {
  public:
    SoftStream(int refuse_at = 0, int refuse_errno = EINVAL)
        : refuse_at_(refuse_at), refuse_errno_(refuse_errno) {}
    ssize_t splice_from(int fd, std::size_t n, bool more) override {
        ++splices;
        if (refuse_at_ && splices >= refuse_at_)
            return -refuse_errno_;
        std::vector<std::uint8_t> buf(n);
        ssize_t got = ::read(fd, buf.data(), n);
        if (got < 0)
            return -errno;
        absorb({buf.data(), static_cast<std::size_t>(got)}, more);
        return got;
    }
    void send(std::span<const std::uint8_t> data, bool more) override {
        ++sends;
        absorb(data, more);
    }
    // A message must end with its last piece (more = false) and only there.
    Digest result() override {
        if (more_)
            throw std::logic_error("result() while the message is still open (MORE)");
        std::uint32_t r = ~state_;
        state_ = 0xffffffffu;
        ended_ = false;
        return r;
    }
    int splices = 0, sends = 0;

  private:
    void absorb(std::span<const std::uint8_t> data, bool more) {
        if (ended_)
            throw std::logic_error("data after the last piece of a message");
        more_ = more;
        ended_ = !more;
        state_ = crc32c_ref::update(state_, data);
    }
    int refuse_at_, refuse_errno_;
    std::uint32_t state_ = 0xffffffffu;
    bool more_ = false, ended_ = false;
};

} // namespace

TEST(InnodbFlags, FullCrc32PageSizes) {
    for (std::uint32_t ssize = 3; ssize <= 7; ++ssize) {
        innodb::SpaceFlags f = innodb::parse_space_flags(innodb::kMarker | ssize);
        EXPECT_FALSE(f.refusal) << ssize;
        EXPECT_EQ(f.page_size, std::size_t{512} << ssize);
    }
    // MariaDB 10.5+'s default: 16K pages, marker, nothing else (0x15).
    EXPECT_EQ(innodb::parse_space_flags(0x15).page_size, 16384u);
}

TEST(InnodbFlags, RefusalsNameTheFlag) {
    auto refusal = [](std::uint32_t raw) {
        return innodb::parse_space_flags(raw).refusal.value_or("");
    };
    EXPECT_NE(refusal(0x05).find("full_crc32 marker"), std::string::npos); // crc32 format
    EXPECT_NE(refusal(0x00).find("full_crc32 marker"), std::string::npos);
    EXPECT_NE(refusal(0x15 | (1u << 5)).find("COMPRESSED_ALGO 1"), std::string::npos);
    EXPECT_NE(refusal(0x12).find("PAGE_SSIZE 2"), std::string::npos);
    EXPECT_NE(refusal(0x18).find("PAGE_SSIZE 8"), std::string::npos);
}

TEST(InnodbFlags, ReadFromPageZero) {
    auto ts = tablespace(4096, 2, 0x13);
    EXPECT_EQ(innodb::read_space_flags(ts), 0x13u);
    EXPECT_EQ(innodb::read_space_flags(std::span<const std::uint8_t>(ts).first(57)), 0u);
}

TEST(InnodbPages, ValidFlippedAndEmpty) {
    const std::size_t ps = 4096;
    auto ts = tablespace(ps, 6, flags_for(ps), {3, 4});
    ts[1 * ps + 100] ^= 0x40; // a written page, damaged
    ts[4 * ps + 200] = 1;     // a zero page with one byte: not empty any more
    auto crcs = reference_unit_crcs(ts, UnitLayout::pages(ts.size(), ps, 4));
    const std::vector<PageFacts> facts = facts_of(ts, ps);
    auto state = [&](std::size_t i) {
        InnodbSummary s = judge_pages({facts[i]}, {crcs[i]});
        return s.valid ? "valid" : s.empty ? "empty" : "invalid";
    };
    EXPECT_STREQ(state(0), "valid");
    EXPECT_STREQ(state(1), "invalid");
    EXPECT_STREQ(state(2), "valid");
    EXPECT_STREQ(state(3), "empty");
    EXPECT_STREQ(state(4), "invalid");
    EXPECT_STREQ(state(5), "valid");
}

TEST(InnodbPages, StoredChecksumIsBigEndianOverAllButTheLastFourBytes) {
    const std::size_t ps = 4096;
    auto ts = tablespace(ps, 1, flags_for(ps));
    std::uint32_t crc = ref_digest(std::span<const std::uint8_t>(ts).first(ps - 4));
    EXPECT_EQ(facts_of(ts, ps).at(0).stored, crc);
    EXPECT_EQ(ts[ps - 4], static_cast<std::uint8_t>(crc >> 24));
    // The checksum of the whole page (trailer included) is not it.
    EXPECT_EQ(judge_pages(facts_of(ts, ps), {ref_digest(ts)}).invalid, 1u);
}

TEST(FilePlan, InnodbTablespaceJudged) {
    const std::size_t ps = 16384;
    auto ts = tablespace(ps, 8, flags_for(ps), {6, 7});
    ts[5 * ps + 9] ^= 1;
    TempFile f(ts);
    FileOptions o;
    o.innodb = true;
    PreparedFile p = prepare_file(f.path(), o);
    ASSERT_EQ(p.page_size, std::optional<std::size_t>(ps));
    EXPECT_EQ(p.layout.count, 8u);
    EXPECT_EQ(p.layout.length, ps - 4);
    ReadBuffer buf(5000); // pages straddle the windows
    std::vector<PageFacts> facts;
    auto crcs = reference_unit_crcs(*p.file, p.layout, buf, CrcAlg::crc32c, &facts).crcs;
    EXPECT_EQ(crcs, reference_unit_crcs(ts, p.layout));
    InnodbSummary s = judge_pages(facts, crcs);
    EXPECT_EQ(s.valid, 5u);
    EXPECT_EQ(s.empty, 2u);
    EXPECT_EQ(s.invalid, 1u);
    EXPECT_EQ(s.invalid_pages, std::vector<std::uint64_t>{5});
    EXPECT_NO_THROW(refuse_encrypted(f.path(), facts, crcs));
}

TEST(FilePlan, WrongPageSizeIsRefused) {
    auto ts = tablespace(16384, 4, flags_for(16384));
    TempFile f(ts);
    FileOptions o;
    o.innodb = true;
    o.page_size = 4096; // disagrees with page 0
    try {
        prepare_file(f.path(), o);
        FAIL() << "no error";
    } catch (const UsageError &e) {
        EXPECT_NE(std::string(e.what()).find("disagrees with page 0"), std::string::npos);
    }
    // Plain page mode has no flags to check: 4K pages of a 16K tablespace
    // are cut as asked, and their "checksums" are nonsense.
    o.innodb = false;
    EXPECT_EQ(prepare_file(f.path(), o).layout.count, 16u);
}

TEST(FilePlan, SizeNotAMultipleOfThePageSize) {
    TempFile f(random_bytes(16384 * 2 + 100, 1));
    FileOptions o;
    o.page_size = 16384;
    try {
        prepare_file(f.path(), o);
        FAIL() << "no error";
    } catch (const UsageError &e) {
        EXPECT_NE(std::string(e.what()).find("not a multiple of the page size 16K (2 pages and "
                                             "100 bytes)"),
                  std::string::npos)
            << e.what();
    }
}

TEST(FilePlan, NotFullCrc32IsRefused) {
    TempFile f(tablespace(16384, 2, 0x05)); // crc32 format: no marker
    FileOptions o;
    o.innodb = true;
    try {
        prepare_file(f.path(), o);
        FAIL() << "no error";
    } catch (const UsageError &e) {
        EXPECT_NE(std::string(e.what()).find("lack the full_crc32 marker"), std::string::npos);
    }
}

TEST(FilePlan, EncryptedPageIsRefused) {
    const std::size_t ps = 4096;
    auto ts = tablespace(ps, 3, flags_for(ps));
    std::uint8_t *page = ts.data() + 2 * ps;
    store_be32(page, 7); // key version 7, and a checksum over the result
    store_be32(page + ps - 4, ref_digest({page, ps - 4}));
    TempFile f(ts);
    FileOptions o;
    o.innodb = true;
    PreparedFile p = prepare_file(f.path(), o);
    ReadBuffer buf;
    std::vector<PageFacts> facts;
    auto crcs = reference_unit_crcs(*p.file, p.layout, buf, CrcAlg::crc32c, &facts).crcs;
    try {
        refuse_encrypted(f.path(), facts, crcs);
        FAIL() << "no error";
    } catch (const UsageError &e) {
        EXPECT_NE(std::string(e.what()).find("page 2 is encrypted (key version 7"),
                  std::string::npos);
    }
    // A damaged page whose first bytes are not zero is invalid, not "encrypted".
    page[100] ^= 1;
    TempFile g(ts);
    PreparedFile q = prepare_file(g.path(), o);
    std::vector<PageFacts> qfacts;
    auto qcrcs = reference_unit_crcs(*q.file, q.layout, buf, CrcAlg::crc32c, &qfacts).crcs;
    EXPECT_NO_THROW(refuse_encrypted(g.path(), qfacts, qcrcs));
}

TEST(FileCrc, WholeFileEqualsTheWholeBufferCrc) {
    for (std::size_t n :
         {std::size_t{0}, std::size_t{1}, std::size_t{4095}, (std::size_t{3} << 20) + 7}) {
        auto bytes = random_bytes(n, static_cast<unsigned>(n));
        TempFile f(bytes);
        InputFile m(f.path());
        UnitLayout whole = UnitLayout::whole(m.size());
        std::uint32_t want = ref_digest(bytes);
        ReadBuffer buf;
        EXPECT_EQ(reference_unit_crcs(bytes, whole), std::vector<Digest>{want});
        EXPECT_EQ(reference_unit_crcs(m, whole, buf, CrcAlg::crc32c).crcs,
                  std::vector<Digest>{want});
        UserHasher h;
        UnitCrcs user = user_unit_crcs(m, whole, buf, h);
        EXPECT_EQ(user.crcs, std::vector<Digest>{want}) << n;
        EXPECT_EQ(user.transfer, Transfer::read);
        UnitCrcs kern = kernel_unit_crcs(
            m, whole, buf, [] { return std::make_unique<SoftStream>(); }, "soft");
        EXPECT_EQ(kern.crcs, std::vector<Digest>{want}) << n;
        EXPECT_EQ(kern.transfer, Transfer::splice) << n;
        EXPECT_FALSE(kern.transfer_note);
    }
}

TEST(FileCrc, PagesByEveryPath) {
    const std::size_t ps = 8192, pages = 5;
    auto bytes = random_bytes(ps * pages, 9);
    TempFile f(bytes);
    InputFile m(f.path());
    ReadBuffer buf(3000); // pages straddle the windows
    for (std::uint64_t trailer : {0u, 4u}) {
        UnitLayout layout = UnitLayout::pages(m.size(), ps, trailer);
        std::vector<Digest> want;
        for (std::size_t i = 0; i < pages; ++i)
            want.push_back(ref_digest({bytes.data() + i * ps, ps - trailer}));
        UserHasher h;
        EXPECT_EQ(user_unit_crcs(m, layout, buf, h).crcs, want);
        EXPECT_EQ(reference_unit_crcs(m, layout, buf, CrcAlg::crc32c).crcs, want);
        EXPECT_EQ(kernel_unit_crcs(
                      m, layout, buf, [] { return std::make_unique<SoftStream>(); }, "s")
                      .crcs,
                  want);
        // Refused at once, and refused halfway (a half-fed hash and a full
        // pipe are left behind): both fall back to read + send, correctly.
        for (int at : {1, 4}) {
            int streams = 0;
            UnitCrcs r = kernel_unit_crcs(
                m, layout, buf,
                [&] {
                    ++streams;
                    return std::make_unique<SoftStream>(at);
                },
                "s");
            EXPECT_EQ(r.crcs, want) << at;
            EXPECT_EQ(r.transfer, Transfer::read) << at;
            ASSERT_TRUE(r.transfer_note);
            EXPECT_NE(r.transfer_note->find("EINVAL"), std::string::npos) << *r.transfer_note;
            EXPECT_EQ(streams, 2) << "a fresh stream for the read pass";
        }
    }
}

TEST(FileCrc, OtherSpliceErrorsAreErrors) {
    TempFile f(random_bytes(10000, 3));
    InputFile m(f.path());
    ReadBuffer buf;
    EXPECT_THROW(kernel_unit_crcs(
                     m, UnitLayout::whole(m.size()), buf,
                     [] { return std::make_unique<SoftStream>(1, EIO); }, "s"),
                 ToolError);
    EXPECT_TRUE(splice_unsupported(EINVAL));
    EXPECT_TRUE(splice_unsupported(ENOSYS));
    EXPECT_FALSE(splice_unsupported(EIO));
}

TEST(FileCrc, NotARegularFile) {
    EXPECT_THROW(InputFile("/"), UsageError);
    EXPECT_THROW(InputFile("/nonexistent/file"), ToolError);
}
