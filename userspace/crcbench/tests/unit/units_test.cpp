// SPDX-License-Identifier: GPL-2.0-only
#include "error.h"
#include "text.h"

#include <gtest/gtest.h>

using namespace crcbench;
using namespace std::chrono_literals;

TEST(Units, ParsesSizesWithBinaryUnits) {
    EXPECT_EQ(parse_size("0"), 0u);
    EXPECT_EQ(parse_size("4096"), 4096u);
    EXPECT_EQ(parse_size("64K"), 65536u);
    EXPECT_EQ(parse_size("64k"), 65536u);
    EXPECT_EQ(parse_size("64KiB"), 65536u);
    EXPECT_EQ(parse_size("1M"), 1048576u);
    EXPECT_EQ(parse_size("2MiB"), 2097152u);
    EXPECT_EQ(parse_size("1G"), 1073741824u);
    EXPECT_EQ(parse_size("512B"), 512u);
}

TEST(Units, RejectsBadSizes) {
    for (const char *bad : {"", "K", "-1", "1.5M", "12X", "1MB", "0x10", " 1"})
        EXPECT_THROW(parse_size(bad), UsageError) << bad;
    EXPECT_THROW(parse_size("99999999999999999999"), UsageError);
    EXPECT_THROW(parse_size("2000G"), UsageError);
}

TEST(Units, SizeListsSortDeduplicateAndSweep) {
    EXPECT_EQ(parse_size_list("4K,64,4096,1M"), (std::vector<std::size_t>{64, 4096, 1048576}));
    auto sweep = parse_size_list("64..1M");
    ASSERT_EQ(sweep.size(), 15u);
    EXPECT_EQ(sweep.front(), 64u);
    EXPECT_EQ(sweep.back(), 1048576u);
    EXPECT_EQ(parse_size_list("100..500"), (std::vector<std::size_t>{100, 200, 400}));
    EXPECT_THROW(parse_size_list(""), UsageError);
    EXPECT_THROW(parse_size_list("64,,128"), UsageError);
    EXPECT_THROW(parse_size_list("0..64"), UsageError);
    EXPECT_THROW(parse_size_list("1M..64"), UsageError);
}

TEST(Units, ParsesDurations) {
    EXPECT_EQ(parse_duration("2s"), 2s);
    EXPECT_EQ(parse_duration("250ms"), 250ms);
    EXPECT_EQ(parse_duration("1.5"), 1500ms);
    EXPECT_EQ(parse_duration("1m"), 60s);
    EXPECT_EQ(parse_duration("0"), 0s);
    EXPECT_EQ(parse_duration("100us"), 100us);
    for (const char *bad : {"", "s", "-1s", "1h", "1..2s", "abc", "100000000s"})
        EXPECT_THROW(parse_duration(bad), UsageError) << bad;
}

TEST(Units, ParsesIntegersInRange) {
    EXPECT_EQ(parse_uint("42", 0, 100, "x"), 42u);
    EXPECT_EQ(parse_uint("0x2A", 0, 100, "x"), 42u);
    EXPECT_EQ(parse_u32("0xffffffff", "seed"), 0xFFFFFFFFu);
    EXPECT_THROW(parse_uint("101", 0, 100, "x"), UsageError);
    EXPECT_THROW(parse_uint("0", 1, 100, "x"), UsageError);
    EXPECT_THROW(parse_uint("0x", 0, 100, "x"), UsageError);
    EXPECT_THROW(parse_uint("4x", 0, 100, "x"), UsageError);
    EXPECT_THROW(parse_u32("0x100000000", "seed"), UsageError);
}

TEST(Units, Formats) {
    EXPECT_EQ(format_size(64), "64");
    EXPECT_EQ(format_size(4096), "4K");
    EXPECT_EQ(format_size(1048576), "1M");
    EXPECT_EQ(format_size(1000), "1000");
    EXPECT_EQ(format_size(1536), "1536");
    EXPECT_EQ(format_size((1u << 20) + 1024), "1025K");
    // Printed sizes are --sizes input: they parse back to the same bytes.
    for (std::size_t s :
         {std::size_t{1}, std::size_t{63}, std::size_t{1536}, std::size_t{4103},
          std::size_t{3} << 19, std::size_t{1} << 30, (std::size_t{5} << 30) + 4096})
        EXPECT_EQ(parse_size(format_size(s)), s) << format_size(s);
    EXPECT_EQ(format_hex32(0xE3069283u), "0xe3069283");
    EXPECT_EQ(format_fixed(1.25, 1), "1.2");
}

TEST(Units, CpuLists) {
    EXPECT_EQ(parse_cpu_list("0"), (std::vector<unsigned>{0}));
    EXPECT_EQ(parse_cpu_list("8,0-2"), (std::vector<unsigned>{8, 0, 1, 2}));
    EXPECT_EQ(format_cpu_list({8, 0, 1, 2}), "0-2,8");
    EXPECT_EQ(format_cpu_list(parse_cpu_list("0-3,8,10-11")), "0-3,8,10-11");
    for (const char *bad : {"", "a", "3-1", "0,0", "1-", "4096", "0,,1", "-1"})
        EXPECT_THROW(parse_cpu_list(bad), UsageError) << bad;
}
