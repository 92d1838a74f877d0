// SPDX-License-Identifier: GPL-2.0-only
#include "error.h"
#include "fixtures.h"
#include "tcrypt_runner.h"

#include <gtest/gtest.h>

using namespace crcbench;

namespace {

// A record as /dev/kmsg prints it.
std::string rec(unsigned prio, unsigned seq, char flag, const std::string &text) {
    return std::to_string(prio) + "," + std::to_string(seq) + "," + std::to_string(1000 + seq) +
           "," + flag + ";" + text + "\n";
}

std::string header(unsigned test, unsigned block, unsigned update) {
    char buf[128];
    std::snprintf(buf, sizeof buf,
                  "tcrypt: test%3u (%5u byte blocks,%5u bytes per update,%4u updates): ", test,
                  block, update, block / update);
    return buf;
}

std::string result(unsigned ops, unsigned block) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%6u opers/sec, %9lu bytes/sec", ops,
                  static_cast<unsigned long>(ops) * block);
    return buf;
}

// 6.1: "testing speed" without prefix; a digest row's result is a record of
// its own (plain printk, level 4), an update row's a continuation in the
// same record.
std::string log_6_1(const std::string &alg, const std::string &driver) {
    std::string s =
        rec(6, 1, '-', "") + rec(6, 2, '-', "testing speed of async " + alg + " (" + driver + ")");
    s += rec(6, 3, '-', header(0, 16, 16)) + rec(4, 4, '-', result(900000, 16));
    s += rec(6, 5, '-', header(1, 64, 16) + result(300000, 64));
    s += rec(6, 6, '-', header(2, 64, 64)) + rec(4, 7, '-', result(700000, 64));
    return s;
}

std::vector<KmsgRecord> records(const std::string &text) {
    return parse_kmsg_lines(text);
}

} // namespace

TEST(KmsgRecords, ParsesFieldsAndUnescapes) {
    auto r = parse_kmsg_record("12,345,6789,c,more;a\\x5cb\\x0ac\n SUBSYSTEM=x\n");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->level, 4u);
    EXPECT_EQ(r->seq, 345u);
    EXPECT_EQ(r->flag, 'c');
    EXPECT_EQ(r->text, "a\\b\nc");
    EXPECT_FALSE(parse_kmsg_record("no semicolon here"));
    EXPECT_FALSE(parse_kmsg_record("x,1,2,-;text"));
    // Dictionary lines and junk between records are dropped.
    auto many = parse_kmsg_lines("6,1,1,-;one\n SUBSYSTEM=y\n6,2,2,-;two\ngarbage\n");
    ASSERT_EQ(many.size(), 2u);
    EXPECT_EQ(many[1].text, "two");
}

TEST(TcryptLog, Kernel61SplitRecords) {
    TcryptRun run = parse_tcrypt_records(records(log_6_1("crc32c-vmx", "crc32c-vmx")), "crc32c-vmx",
                                         "crc32c-vmx");
    EXPECT_EQ(run.reported_driver, "crc32c-vmx");
    ASSERT_EQ(run.rows.size(), 3u);
    EXPECT_EQ(run.rows[1].block_len, 64u);
    EXPECT_EQ(run.rows[1].update_len, 16u);
    EXPECT_EQ(run.rows[1].ops_per_s, 300000u);
    auto digest = digest_rows(run);
    ASSERT_EQ(digest.size(), 2u);
    EXPECT_EQ(digest[0].block_len, 16u);
    EXPECT_EQ(digest[0].ops_per_s, 900000u);
    EXPECT_EQ(digest[1].bytes_per_s, 700000u * 64);
}

TEST(TcryptLog, Kernel612JoinedAndContinuationRecords) {
    // 6.12: prefix on every line; the result is a pr_cont: in the header's
    // record, or a 'c' fragment of its own when something came in between.
    std::string s =
        rec(6, 10, '-', "tcrypt: testing speed of async crc32c-generic (crc32c-generic)");
    s += rec(6, 11, '-', header(0, 16, 16) + result(500000, 16));
    s += rec(6, 12, 'c', header(1, 64, 64));
    s += rec(6, 13, '-', "random: crng reseeded on system resumption");
    s += rec(4, 14, 'c', result(250000, 64));
    TcryptRun run = parse_tcrypt_records(records(s), "crc32c-generic", "crc32c-generic");
    ASSERT_EQ(run.rows.size(), 2u);
    EXPECT_EQ(run.rows[1].ops_per_s, 250000u);
}

TEST(TcryptLog, OtherRecordsAroundAndBetweenAreIgnored) {
    std::string s =
        rec(6, 1, '-', "tcrypt: testing speed of async crc32c-generic (crc32c-generic)") +
        rec(6, 2, '-', header(0, 16, 16)) + rec(4, 3, '-', result(1, 16));
    s += log_6_1("crc32c-vmx", "crc32c-vmx");
    // noise after the run; and a later run of another algorithm is not ours
    s += rec(3, 40, '-', "ata1: link down") +
         rec(6, 41, '-', "testing speed of async crc32c-generic (crc32c-generic)") +
         rec(6, 42, '-', header(0, 16, 16)) + rec(4, 43, '-', result(5, 16));
    TcryptRun run = parse_tcrypt_records(records(s), "crc32c-vmx", "crc32c-vmx");
    ASSERT_EQ(run.rows.size(), 3u);
    EXPECT_EQ(run.rows[0].ops_per_s, 900000u);
}

TEST(TcryptLog, WrongDriverIsAnError) {
    try {
        parse_tcrypt_records(records(log_6_1("crc32c", "crc32c-vpmsum")), "crc32c", "crc32c-vmx");
        FAIL() << "no error";
    } catch (const ToolError &e) {
        EXPECT_EQ(e.code(), ExitCode::runtime);
        EXPECT_NE(
            std::string(e.what()).find("measured driver 'crc32c-vpmsum' instead of 'crc32c-vmx'"),
            std::string::npos)
            << e.what();
    }
    // "crc32c" resolving to what the caller expects is fine.
    EXPECT_EQ(parse_tcrypt_records(records(log_6_1("crc32c", "crc32c-vmx")), "crc32c", "crc32c-vmx")
                  .reported_driver,
              "crc32c-vmx");
}

TEST(TcryptLog, FailuresTcryptReportsAreErrors) {
    auto message = [](const std::string &log, const std::string &alg) -> std::string {
        try {
            parse_tcrypt_records(records(log), alg, alg);
        } catch (const ToolError &e) {
            EXPECT_EQ(e.code(), ExitCode::runtime);
            return e.what();
        }
        return "no error";
    };
    EXPECT_NE(message(rec(3, 1, '-', "tcrypt: failed to load transform for crc32c-nope: -2"),
                      "crc32c-nope")
                  .find("could not allocate crc32c-nope (-2)"),
              std::string::npos);
    std::string failed = rec(6, 1, '-', "testing speed of async crc32c-vmx (crc32c-vmx)") +
                         rec(6, 2, '-', header(0, 16, 16)) +
                         rec(3, 3, '-', "tcrypt: hashing failed ret=-22");
    EXPECT_NE(message(failed, "crc32c-vmx").find("hashing failed ret=-22"), std::string::npos);
    // Nothing at all: tcrypt did not run.
    EXPECT_NE(message(rec(6, 1, '-', "unrelated"), "crc32c-vmx").find("did not run"),
              std::string::npos);
    // A header whose result never came, at the end and before the next header.
    std::string cut = rec(6, 1, '-', "testing speed of async crc32c-vmx (crc32c-vmx)") +
                      rec(6, 2, '-', header(0, 16, 16));
    EXPECT_NE(message(cut, "crc32c-vmx").find("test 0 has no result"), std::string::npos);
    EXPECT_NE(
        message(cut + rec(6, 3, '-', header(1, 64, 16)), "crc32c-vmx").find("test 0 has no result"),
        std::string::npos);
    // A record lost in the middle: the test numbers jump.
    std::string gap = rec(6, 1, '-', "testing speed of async crc32c-vmx (crc32c-vmx)") +
                      rec(6, 2, '-', header(0, 16, 16) + result(5, 16)) +
                      rec(6, 3, '-', header(2, 64, 64) + result(5, 64));
    EXPECT_NE(message(gap, "crc32c-vmx").find("records are missing"), std::string::npos);
    // Only update rows: nothing with one digest per operation.
    std::string no_digest = rec(6, 1, '-', "testing speed of async crc32c-vmx (crc32c-vmx)") +
                            rec(6, 2, '-', header(0, 64, 16) + result(5, 64));
    EXPECT_NE(message(no_digest, "crc32c-vmx").find("no one-digest-per-operation"),
              std::string::npos);
}

// Recorded in a POWER8 guest on Debian's 6.1 (EMULATED timings).
TEST(TcryptLog, RecordedKernel61Runs) {
    for (const char *d : {"crc32c-generic", "crc32c-vmx"}) {
        auto recs = records(tst::fixture(std::string("tcrypt-6.1-") + d + ".kmsg"));
        TcryptRun run = parse_tcrypt_records(recs, d, d);
        EXPECT_EQ(run.reported_driver, d);
        EXPECT_EQ(run.rows.size(), 22u);
        auto digest = digest_rows(run);
        ASSERT_EQ(digest.size(), 7u);
        std::vector<std::size_t> sizes;
        for (const TcryptRow &r : digest) {
            sizes.push_back(r.block_len);
            EXPECT_GT(r.ops_per_s, 0u);
            EXPECT_NEAR(static_cast<double>(r.bytes_per_s),
                        static_cast<double>(r.ops_per_s) * r.block_len,
                        static_cast<double>(r.block_len));
        }
        EXPECT_EQ(sizes, (std::vector<std::size_t>{16, 64, 256, 1024, 2048, 4096, 8192}));
    }
    auto vmx = parse_tcrypt_records(records(tst::fixture("tcrypt-6.1-crc32c-vmx.kmsg")),
                                    "crc32c-vmx", "crc32c-vmx");
    EXPECT_EQ(digest_rows(vmx)[0].ops_per_s, 977545u);
    // Asked for crc32c-generic, the log holds crc32c-vmx's run only.
    EXPECT_THROW(parse_tcrypt_records(records(tst::fixture("tcrypt-6.1-crc32c-vmx.kmsg")),
                                      "crc32c-generic", "crc32c-generic"),
                 ToolError);
}

// Shown on the console of a POWER8 guest on Debian's 6.12 (EMULATED timings):
// the prefix on every line, each result joined to its header.
TEST(TcryptLog, RecordedKernel612Run) {
    auto recs = records(tst::fixture("tcrypt-6.12-crc32c-generic.kmsg"));
    TcryptRun run = parse_tcrypt_records(recs, "crc32c-generic", "crc32c-generic");
    EXPECT_EQ(run.rows.size(), 22u);
    auto digest = digest_rows(run);
    ASSERT_EQ(digest.size(), 7u);
    EXPECT_EQ(digest.front().ops_per_s, 2507619u);
    EXPECT_EQ(digest.back().block_len, 8192u);
    EXPECT_EQ(digest.back().ops_per_s, 42601u);
}
