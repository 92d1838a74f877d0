// SPDX-License-Identifier: GPL-2.0-only
#include "driver_catalog.h"
#include "fixtures.h"

#include <gtest/gtest.h>

using namespace crcbench;

TEST(ProcCrypto, ParsesEveryBlock) {
    auto all = parse_proc_crypto(tst::fixture("proc-crypto-guest.txt"));
    ASSERT_EQ(all.size(), 6u);
    EXPECT_EQ(all[0].name, "crc32c");
    EXPECT_EQ(all[0].driver, "crc32c-vmx");
    EXPECT_EQ(all[0].module, "crc32c_vmx");
    EXPECT_EQ(all[0].priority, 300);
    EXPECT_EQ(all[0].refcnt, 1);
    EXPECT_EQ(all[0].selftest, "passed");
    EXPECT_FALSE(all[0].internal);
    EXPECT_EQ(all[0].type, "shash");
    EXPECT_EQ(all[0].digestsize, 4);
    EXPECT_TRUE(all[4].internal);
    EXPECT_EQ(all[5].type, "rng");
}

TEST(ProcCrypto, ListsReachableCrc32cDriversByPriority) {
    auto drivers = alg_drivers(parse_proc_crypto(tst::fixture("proc-crypto-guest.txt")));
    ASSERT_EQ(drivers.size(), 3u); // the internal one is not reachable from user space
    EXPECT_EQ(drivers[0].driver, "crc32c-vmx");
    EXPECT_EQ(drivers[1].driver, "crc32c-vpmsum");
    EXPECT_EQ(drivers[2].driver, "crc32c-generic");
}

TEST(ProcCrypto, ResolvesToHighestPriorityPassedDriver) {
    auto all = parse_proc_crypto(tst::fixture("proc-crypto-guest.txt"));
    auto best = resolve_alg(all);
    ASSERT_TRUE(best);
    EXPECT_EQ(best->driver, "crc32c-vmx");
    EXPECT_FALSE(resolution_ambiguous(all));

    all[0].selftest = "unknown"; // not tested yet: the kernel will not hand it out
    EXPECT_EQ(resolve_alg(all)->driver, "crc32c-vpmsum");
}

TEST(ProcCrypto, HandlesOddInput) {
    EXPECT_TRUE(parse_proc_crypto("").empty());
    EXPECT_TRUE(parse_proc_crypto("\n\n\n").empty());
    // No trailing blank line, CRLF, extra spaces, a line without colon, no driver.
    auto all = parse_proc_crypto("name : crc32c\r\ndriver :  x-1 \r\ngarbage\npriority: 7\n\n"
                                 "name : crc32c\npriority : 9");
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].driver, "x-1");
    EXPECT_EQ(all[0].priority, 7);
    EXPECT_FALSE(resolve_alg(all)); // selftest unknown
}

TEST(ProcCrypto, DuplicatesAndTiesAreReported) {
    std::string block = "name : crc32c\ndriver : a\npriority : 200\nselftest : passed\n\n";
    std::string other = "name : crc32c\ndriver : b\npriority : 200\nselftest : passed\n\n";
    auto all = parse_proc_crypto(block + block + other);
    EXPECT_EQ(alg_drivers(all).size(), 2u);
    EXPECT_TRUE(resolution_ambiguous(all));
    EXPECT_EQ(resolve_alg(all)->driver, "a");
}
