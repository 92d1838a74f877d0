// SPDX-License-Identifier: GPL-2.0-only
//
// --alg: the references of CRC-T10DIF and CRC64-Rocksoft (check values,
// table against bitwise, chaining), the digest byte order, the option and
// what it changes (keys, catalog, user baselines, baseline of the ratios).
#include "cli.h"
#include "crc_alg.h"
#include "driver_catalog.h"
#include "error.h"
#include "output.h"
#include "user_drivers.h"
#include "verifier.h"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <string_view>
#include <vector>

namespace crcbench {
namespace {

std::span<const std::uint8_t> bytes(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t *>(s.data()), s.size()};
}

std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint8_t> v(n);
    for (auto &b : v)
        b = static_cast<std::uint8_t>(rng());
    return v;
}

Options parse(std::vector<std::string_view> args) {
    return parse_args(args);
}

TEST(CrcAlg, CheckValuesOfTheStandards) {
    for (auto judge : {reference_digest, bitwise_digest}) {
        EXPECT_EQ(judge(CrcAlg::crc32c, std::nullopt, bytes("123456789")), 0xE3069283u);
        EXPECT_EQ(judge(CrcAlg::crct10dif, std::nullopt, bytes("123456789")), 0xD0DBu);
        EXPECT_EQ(judge(CrcAlg::crc64_rocksoft, std::nullopt, bytes("123456789")),
                  0xAE8B14860A799888ull);
    }
}

TEST(CrcAlg, EmptyInputGivesTheInitialDigest) {
    EXPECT_EQ(reference_digest(CrcAlg::crct10dif, std::nullopt, {}), 0u);
    EXPECT_EQ(reference_digest(CrcAlg::crc64_rocksoft, std::nullopt, {}), 0u);
    EXPECT_EQ(reference_digest(CrcAlg::crc32c, std::nullopt, {}), 0u);
}

TEST(CrcAlg, TableCodeEqualsTheBitwiseDefinition) {
    for (std::size_t n = 0; n < 600; n += 7) {
        auto data = random_bytes(n, static_cast<std::uint32_t>(n));
        for (CrcAlg a : kAllAlgs)
            ASSERT_EQ(reference_digest(a, std::nullopt, data),
                      bitwise_digest(a, std::nullopt, data))
                << alg_info(a).name << " length " << n;
    }
}

TEST(CrcAlg, UpdatesChainLikeTheKernelsGenericDrivers) {
    auto data = random_bytes(1000, 42);
    std::span<const std::uint8_t> all(data);
    for (std::size_t cut : {0u, 1u, 17u, 500u, 999u, 1000u}) {
        auto a = all.first(cut), b = all.subspan(cut);
        EXPECT_EQ(crc_family::t10dif_table(crc_family::t10dif_table(0, a), b),
                  crc_family::t10dif_table(0, all));
        EXPECT_EQ(crc_family::rocksoft_table(crc_family::rocksoft_table(0, a), b),
                  crc_family::rocksoft_table(0, all));
        EXPECT_EQ(crc_family::rocksoft_bitwise(crc_family::rocksoft_bitwise(0, a), b),
                  crc_family::rocksoft_bitwise(0, all));
    }
}

TEST(CrcAlg, DigestByteOrderIsTheKernels) {
    const std::uint8_t c32[] = {0x83, 0x92, 0x06, 0xE3};
    EXPECT_EQ(decode_digest(CrcAlg::crc32c, c32), 0xE3069283u); // put_unaligned_le32
    const std::uint8_t c64[] = {0x88, 0x98, 0x79, 0x0A, 0x86, 0x14, 0x8B, 0xAE};
    EXPECT_EQ(decode_digest(CrcAlg::crc64_rocksoft, c64), 0xAE8B14860A799888ull); // le64
    // crct10dif: *(u16 *)out = crc, the CPU's byte order.
    const std::uint8_t t10[] = {0xDB, 0xD0};
    EXPECT_EQ(decode_digest(CrcAlg::crct10dif, t10),
              std::endian::native == std::endian::little ? 0xD0DBu : 0xDBD0u);
    for (CrcAlg a : kAllAlgs) {
        std::uint8_t out[8] = {};
        Digest v = reference_digest(a, std::nullopt, bytes("123456789"));
        encode_digest(a, v, out);
        EXPECT_EQ(decode_digest(a, std::span<const std::uint8_t>(out, alg_info(a).digest_size)), v);
    }
}

TEST(CrcAlg, DigestsPrintAtTheirWidth) {
    EXPECT_EQ(format_digest(CrcAlg::crct10dif, 0xDB), "0x00db");
    EXPECT_EQ(format_digest(CrcAlg::crc32c, 0xE3069283u), "0xe3069283");
    EXPECT_EQ(format_digest(CrcAlg::crc64_rocksoft, 1), "0x0000000000000001");
}

TEST(CrcAlg, OptionParsesBeforeAndAfterTheCommand) {
    EXPECT_EQ(parse({"--alg", "crct10dif", "list"}).common.alg, CrcAlg::crct10dif);
    EXPECT_EQ(parse({"verify", "--alg=crc64-rocksoft"}).common.alg, CrcAlg::crc64_rocksoft);
    EXPECT_EQ(parse({"run", "-a", "crc32c"}).common.alg, CrcAlg::crc32c);
    EXPECT_EQ(parse({"file", "x"}).common.alg, CrcAlg::crc32c); // the default
    try {
        parse({"list", "--alg", "crc16"});
        FAIL() << "crc16 accepted";
    } catch (const UsageError &e) {
        EXPECT_EQ(e.code(), ExitCode::usage);
        EXPECT_NE(std::string(e.what()).find("crc32c, crct10dif, crc64-rocksoft"),
                  std::string::npos);
    }
}

TEST(CrcAlg, InnodbIsCrc32cOnly) {
    EXPECT_THROW(parse({"file", "--alg", "crct10dif", "--innodb", "x"}), UsageError);
    EXPECT_THROW(parse({"--alg", "crc64-rocksoft", "file", "--innodb", "x"}), UsageError);
    EXPECT_NO_THROW(parse({"file", "--innodb", "x"}));
}

TEST(CrcAlg, KeylessAlgorithmsRefuseSeeds) {
    VerifyCase c = parse_case("64:0:0x1234:digest");
    std::vector<std::uint8_t> data(64);
    EXPECT_THROW(expected_digest(c, data, Judge::table, CrcAlg::crct10dif), UsageError);
    EXPECT_NO_THROW(expected_digest(c, data, Judge::table, CrcAlg::crc32c));
    auto cases = without_keys(fixed_cases(70000));
    ASSERT_FALSE(cases.empty());
    bool split = false;
    for (const VerifyCase &k : cases) {
        EXPECT_FALSE(k.seed);
        split = split || !k.pieces.empty();
        // what the printed spec says is what runs
        EXPECT_EQ(parse_case(format_case(k)), k);
    }
    EXPECT_TRUE(split); // the streaming splits stay
}

constexpr std::string_view kFamilyProc = "name : crct10dif\ndriver : crct10dif-vmx\n"
                                         "module : crc_family_vmx\npriority : 300\n"
                                         "selftest : passed\n\n"
                                         "name : crct10dif\ndriver : crct10dif-generic\n"
                                         "module : crct10dif_generic\npriority : 100\n"
                                         "selftest : passed\n\n"
                                         "name : crc32c\ndriver : crc32c-generic\n"
                                         "module : crc32c_generic\npriority : 100\n"
                                         "selftest : passed\n";

TEST(CrcAlg, CatalogHoldsTheAlgorithmsDrivers) {
    DriverCatalog c = make_catalog(parse_proc_crypto(kFamilyProc), CrcAlg::crct10dif);
    ASSERT_EQ(c.drivers.size(), 2u);
    EXPECT_EQ(c.resolves_to, "crct10dif-vmx");
    EXPECT_EQ(select_drivers(c, {}, true),
              (std::vector<std::string>{"crct10dif-generic", "crct10dif-vmx"}));
    EXPECT_EQ(select_drivers(c, {"crct10dif"}, true), std::vector<std::string>{"crct10dif"});
    EXPECT_THROW(select_drivers(c, {"crc32c-generic"}, true), ToolError);
}

TEST(CrcAlg, NoDriversSaysWhichKernelsHaveThem) {
    DriverCatalog c = make_catalog(parse_proc_crypto(kFamilyProc), CrcAlg::crc64_rocksoft);
    try {
        select_drivers(c, {}, true);
        FAIL() << "no error without drivers";
    } catch (const ToolError &e) {
        EXPECT_EQ(e.code(), ExitCode::unknown_driver);
        std::string m = e.what();
        EXPECT_NE(m.find("no usable crc64-rocksoft driver"), std::string::npos) << m;
        EXPECT_NE(m.find("modprobe crc64_rocksoft_generic"), std::string::npos) << m;
        EXPECT_NE(m.find("6.15"), std::string::npos) << m;
    }
}

TEST(CrcAlg, UserBaselinesAreCrc32cOnly) {
    for (const UserDriver &u : user_drivers(CrcAlg::crct10dif)) {
        ASSERT_TRUE(u.unavailable) << u.driver;
        EXPECT_NE(u.unavailable->find("crc32c only"), std::string::npos);
    }
    for (const UserDriver &u : user_drivers(CrcAlg::crc64_rocksoft))
        EXPECT_TRUE(u.unavailable) << u.driver;
    EXPECT_THROW(check_user_driver("user:slice8", CrcAlg::crct10dif), ToolError);
    EXPECT_NO_THROW(check_user_driver("user:slice8", CrcAlg::crc32c));
}

TEST(CrcAlg, RatiosAreToTheAlgorithmsGenericDriver) {
    auto cell = [](std::string d, double seconds) {
        CellResult c;
        c.driver = std::move(d);
        c.size = 64;
        c.trials = {{seconds, 6400, 100}};
        return c;
    };
    auto rows = make_rows(
        {cell("crct10dif-generic", 2.0), cell("crct10dif-vmx", 1.0), cell("crc32c-generic", 4.0)},
        baseline_driver(CrcAlg::crct10dif));
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_DOUBLE_EQ(rows[0].ratio_to_generic.value_or(0), 1.0);
    EXPECT_DOUBLE_EQ(rows[1].ratio_to_generic.value_or(0), 2.0);
    EXPECT_DOUBLE_EQ(rows[2].ratio_to_generic.value_or(0), 0.5);
    EXPECT_EQ(baseline_driver(CrcAlg::crc64_rocksoft), "crc64-rocksoft-generic");
}

} // namespace
} // namespace crcbench
