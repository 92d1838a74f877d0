// SPDX-License-Identifier: GPL-2.0-only
//
// The userspace pseudo-drivers: name mapping, availability, the kernel
// driver's key and streaming semantics, and user:slice8 judged by the
// bitwise reference (never by its own table code).
#include "crc32c_reference.h"
#include "driver_catalog.h"
#include "error.h"
#include "fixtures.h"
#include "soft_hasher.h"
#include "user_drivers.h"
#include "verifier.h"

#include <gtest/gtest.h>

#include <vector>

using namespace crcbench;

namespace {

DriverCatalog guest() {
    return make_catalog(parse_proc_crypto(tst::fixture("proc-crypto-guest.txt")));
}

std::vector<std::uint8_t> pattern(std::size_t n) {
    std::vector<std::uint8_t> v(n);
    for (std::size_t i = 0; i < n; ++i)
        v[i] = static_cast<std::uint8_t>(i * 31 + (i >> 7));
    return v;
}

} // namespace

TEST(UserDrivers, NamesMapToUserspaceHashersAndTheRestToTheKernel) {
    std::vector<std::string> kernel_calls;
    HasherFactory f = with_user_drivers([&](const std::string &d) {
        kernel_calls.push_back(d);
        return std::unique_ptr<Crc32cHasher>(std::make_unique<tst::SoftHasher>());
    });
    auto slice8 = f("user:slice8");
    EXPECT_NE(dynamic_cast<UserHasher *>(slice8.get()), nullptr);
    EXPECT_TRUE(kernel_calls.empty());
    auto kernel = f("crc32c-vpmsum");
    EXPECT_NE(dynamic_cast<tst::SoftHasher *>(kernel.get()), nullptr);
    f("crc32c");
    EXPECT_EQ(kernel_calls, (std::vector<std::string>{"crc32c-vpmsum", "crc32c"}));

    EXPECT_TRUE(is_user_driver("user:vmx"));
    EXPECT_TRUE(is_user_driver("user:nope"));
    EXPECT_FALSE(is_user_driver("crc32c-user"));
    try {
        f("user:nope");
        FAIL() << "an unknown user: name opened a hasher";
    } catch (const ToolError &e) {
        EXPECT_EQ(e.code(), ExitCode::unknown_driver);
        EXPECT_NE(std::string(e.what()).find("user:slice8, user:vmx"), std::string::npos);
    }
}

TEST(UserDrivers, SelectionKeepsUserNamesAndNeedsNoKernelDriverForThem) {
    EXPECT_EQ(select_drivers(guest(), {"user:slice8", "crc32c-vmx", "user:slice8"}, true),
              (std::vector<std::string>{"user:slice8", "crc32c-vmx"}));
    // No crc32c driver registered at all: a user-only request still works.
    EXPECT_EQ(select_drivers(make_catalog({}), {"user:slice8"}, true),
              (std::vector<std::string>{"user:slice8"}));
    EXPECT_THROW(select_drivers(guest(), {"user:nope"}, true), ToolError);
    // The default selection stays the kernel's drivers only.
    EXPECT_EQ(select_drivers(guest(), {}, true),
              (std::vector<std::string>{"crc32c-generic", "crc32c-vpmsum", "crc32c-vmx"}));
}

TEST(UserDrivers, UserOnlyRequestNeedsNoProcCrypto) {
    CommonOptions common;
    common.proc_crypto = "/nonexistent/proc-crypto";
    EXPECT_TRUE(load_catalog_for(common, {"user:slice8"}).drivers.empty());
    EXPECT_THROW(load_catalog_for(common, {"user:slice8", "crc32c-generic"}), ToolError);
    EXPECT_THROW(load_catalog_for(common, {}), ToolError);
}

TEST(UserDrivers, UserBaselinesAddTheAvailableOnes) {
    auto d = add_user_baselines({"crc32c-generic", "user:slice8"}, true);
    std::vector<std::string> want = {"crc32c-generic", "user:slice8"};
    if (!user_vmx_unavailable())
        want.push_back("user:vmx");
    if (!user_vmx_isa31_unavailable())
        want.push_back("user:vmx-isa31");
    EXPECT_EQ(d, want);
    EXPECT_EQ(user_drivers().front().driver, "user:slice8");
    EXPECT_FALSE(user_drivers().front().unavailable);
}

#ifndef CRCBENCH_HAS_USER_VMX
// This host build is not ppc64le: user:vmx is known, listed as unavailable,
// and asking for it fails with the cause and exit code 5.
TEST(UserDrivers, VmxIsUnavailableOffPower) {
    auto users = user_drivers();
    ASSERT_EQ(users.size(), 3u);
    EXPECT_EQ(users[1].driver, "user:vmx");
    EXPECT_EQ(users[2].driver, "user:vmx-isa31");
    for (std::size_t i : {1u, 2u}) {
        ASSERT_TRUE(users[i].unavailable.has_value());
        EXPECT_NE(users[i].unavailable->find("ppc64le"), std::string::npos);
    }
    try {
        make_user_hasher("user:vmx-isa31");
        FAIL() << "user:vmx-isa31 opened on a build without VMX code";
    } catch (const ToolError &e) {
        EXPECT_EQ(e.code(), ExitCode::unknown_driver);
        EXPECT_NE(std::string(e.what()).find("user:vmx-isa31 is unavailable"), std::string::npos);
    }
    for (auto attempt : {+[] { make_user_hasher("user:vmx"); },
                         +[] { select_drivers(make_catalog({}), {"user:vmx"}, true); }}) {
        try {
            attempt();
            FAIL() << "user:vmx opened on a build without VMX code";
        } catch (const ToolError &e) {
            EXPECT_EQ(e.code(), ExitCode::unknown_driver);
            std::string msg = e.what();
            EXPECT_NE(msg.find("user:vmx is unavailable"), std::string::npos) << msg;
            EXPECT_NE(msg.find("not built for ppc64le"), std::string::npos) << msg;
        }
    }
    EXPECT_EQ(add_user_baselines({}, true), (std::vector<std::string>{"user:slice8"}));
}
#endif

// Key and streaming semantics of a kernel crc32c tfm: the key is the raw
// initial state, digest = ~state, and after final the next message starts
// from the key again.
TEST(UserSlice8, KeyAndStreamingLikeTheKernelDriver) {
    auto data = pattern(5000);
    std::span<const std::uint8_t> all(data);
    UserHasher h;
    EXPECT_EQ(h.digest(all), crc32c_ref::digest(all));
    const std::uint8_t check[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
    EXPECT_EQ(h.digest(check), 0xE3069283u);
    h.set_seed(0x12345678u);
    EXPECT_EQ(h.digest(all), ~crc32c_ref::update(0x12345678u, all));
    for (std::size_t cut : {0u, 1u, 7u, 4096u, 5000u}) {
        h.update(all.first(cut));
        h.update(all.subspan(cut));
        EXPECT_EQ(h.final(), ~crc32c_ref::update(0x12345678u, all)) << "cut " << cut;
    }
    h.update({});
    EXPECT_EQ(h.final(), ~0x12345678u); // empty message: ~key
    h.set_seed(0xffffffffu);
    h.update(check);
    EXPECT_EQ(h.final(), 0xE3069283u);
}

// A judge cannot judge itself: user:slice8 is the table code that judges
// the kernel's drivers, so it is judged by the bitwise reference.
TEST(UserSlice8, JudgedByTheBitwiseReference) {
    EXPECT_EQ(judge_for("user:slice8"), Judge::bitwise);
    EXPECT_EQ(judge_for("crc32c-vpmsum"), Judge::table);
    EXPECT_EQ(judge_for("user:vmx"), Judge::table);
    EXPECT_EQ(judge_for("user:vmx-isa31"), Judge::table);

    // Above 64 KiB the table judge is no longer cross-checked; the bitwise
    // judge is the reference itself at every length.
    VerifyCase big{70001, 3, 0x9abcdef0u, {}, 11};
    auto data = pattern(big.length);
    EXPECT_EQ(expected_digest(big, data, Judge::bitwise), ~crc32c_ref::update(0x9abcdef0u, data));

    auto cases = fixed_cases(70000);
    auto more = random_cases(30, 9, 200000);
    cases.insert(cases.end(), more.begin(), more.end());
    HasherFactory f = with_user_drivers([](const std::string &) -> std::unique_ptr<Crc32cHasher> {
        throw std::logic_error("kernel");
    });
    auto verdicts = run_verify({"user:slice8"}, cases, f);
    ASSERT_EQ(verdicts.size(), 1u);
    EXPECT_EQ(verdicts[0].judge, Judge::bitwise);
    EXPECT_TRUE(verdicts[0].ok());
    EXPECT_EQ(verdicts[0].cases, cases.size());

    // And the judge has teeth: a wrong result under that name is caught.
    auto broken = [](const std::string &) -> std::unique_ptr<Crc32cHasher> {
        return std::make_unique<tst::SoftHasher>(
            [](std::size_t n, std::uint32_t r) { return n > 65536 ? r ^ 1u : r; });
    };
    verdicts = run_verify({"user:slice8"}, cases, broken);
    EXPECT_FALSE(verdicts[0].ok());
}
