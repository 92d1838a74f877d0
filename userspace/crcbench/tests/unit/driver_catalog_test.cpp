// SPDX-License-Identifier: GPL-2.0-only
#include "driver_catalog.h"
#include "error.h"
#include "fixtures.h"

#include <gtest/gtest.h>

using namespace crcbench;

namespace {
DriverCatalog guest() {
    return make_catalog(parse_proc_crypto(tst::fixture("proc-crypto-guest.txt")));
}
} // namespace

TEST(DriverCatalog, DefaultSelectionIsAscendingPriority) {
    auto d = select_drivers(guest(), {}, true);
    EXPECT_EQ(d, (std::vector<std::string>{"crc32c-generic", "crc32c-vpmsum", "crc32c-vmx"}));
}

TEST(DriverCatalog, ExplicitNamesAreKeptInOrderWithoutDuplicates) {
    auto d = select_drivers(guest(), {"crc32c-vmx", "crc32c", "crc32c-vmx"}, true);
    EXPECT_EQ(d, (std::vector<std::string>{"crc32c-vmx", "crc32c"}));
}

TEST(DriverCatalog, UnknownDriverListsWhatExists) {
    try {
        select_drivers(guest(), {"crc32c-nope"}, true);
        FAIL();
    } catch (const ToolError &e) {
        EXPECT_EQ(e.code(), ExitCode::unknown_driver);
        std::string msg = e.what();
        EXPECT_NE(msg.find("unknown driver 'crc32c-nope'"), std::string::npos);
        EXPECT_NE(msg.find("crc32c-vmx (300), crc32c-vpmsum (200), crc32c-generic (100)"),
                  std::string::npos);
    }
    // An internal driver cannot be reached from user space.
    EXPECT_THROW(select_drivers(guest(), {"crc32c-internal-helper"}, true), ToolError);
    // Neither can a driver of another algorithm.
    EXPECT_THROW(select_drivers(guest(), {"sha256-generic"}, true), ToolError);
}

TEST(DriverCatalog, NothingRegistered) {
    DriverCatalog empty = make_catalog({});
    EXPECT_EQ(describe_drivers(empty), "none");
    try {
        select_drivers(empty, {}, true);
        FAIL();
    } catch (const ToolError &e) {
        EXPECT_EQ(e.code(), ExitCode::unknown_driver);
    }
    EXPECT_THROW(select_drivers(empty, {"crc32c"}, true), ToolError);
}

TEST(DriverCatalog, UntestedDriversAreLeftOutOfRunsByDefault) {
    auto all = parse_proc_crypto(tst::fixture("proc-crypto-guest.txt"));
    all[0].selftest = "unknown";
    DriverCatalog c = make_catalog(all);
    EXPECT_EQ(select_drivers(c, {}, true),
              (std::vector<std::string>{"crc32c-generic", "crc32c-vpmsum"}));
    EXPECT_EQ(select_drivers(c, {}, false).size(), 3u);
    EXPECT_EQ(c.resolves_to, "crc32c-vpmsum");
}

TEST(DriverCatalog, UnreadableProcCryptoIsReported) {
    CommonOptions common;
    common.proc_crypto = "/nonexistent/crypto";
    try {
        load_catalog_for(common, {});
        FAIL();
    } catch (const ToolError &e) {
        EXPECT_EQ(e.code(), ExitCode::runtime);
        EXPECT_NE(std::string(e.what()).find("/nonexistent/crypto"), std::string::npos);
    }
}
