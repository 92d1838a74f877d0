// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Outcome {
    int code;
    std::string out;
    std::string err;
};

Outcome run(const std::vector<std::string> &args) {
    std::ostringstream out, err;
    const int code = constgen::run(args, out, err);
    return {code, out.str(), err.str()};
}

TEST(Cli, HelpExitsZero) {
    const auto r = run({"--help"});
    EXPECT_EQ(r.code, constgen::kExitOk);
    EXPECT_NE(r.out.find("Usage: crc-constgen"), std::string::npos);
    EXPECT_NE(r.out.find("Exit status"), std::string::npos);
    EXPECT_TRUE(r.err.empty());
}

TEST(Cli, DefaultsToCrc32cHeaderOnStdout) {
    const auto r = run({});
    EXPECT_EQ(r.code, 0);
    // The command is quoted on comment lines of at most 80 columns.
    EXPECT_NE(
        r.out.find(" *   crc-constgen --poly 0x1edc6f41 --width 32 --reflected --strides 16 \\\n"
                   " *     --name crc32c_vmx\n"),
        std::string::npos);
}

TEST(Cli, UsageErrorsExitTwoWithAMessage) {
    const std::vector<std::vector<std::string>> bad = {
        {"--frobnicate"},
        {"--poly"},
        {"--poly", "xyz"},
        {"--poly", "0x123456789"},              // wider than the default --width 32
        {"--poly", "0x18bb7", "--width", "16"}, // the x^16 term given
        {"--width", "24"},
        {"--width"},
        {"--width", "64", "--msb-first", "--poly", "0x1a"}, // no x^0 term
        {"--slice8"}, // the slice-by-8 tables went with the driver's copy of them
        {"--poly", "0x12345678901234567", "--width", "64"},
        {"--poly", "0x82f63b78"}, // reflected form given by mistake
        {"--reflected", "--msb-first"},
        {"--strides", "0"},
        {"--strides", "65"},
        {"--strides", "-3"},
        {"--name", "Bad-Name"},
        {"-o"},
    };
    for (const auto &args : bad) {
        const auto r = run(args);
        EXPECT_EQ(r.code, constgen::kExitUsage) << args[0];
        EXPECT_NE(r.err.find("crc-constgen: "), std::string::npos) << args[0];
        EXPECT_NE(r.err.find("--help"), std::string::npos) << args[0];
        EXPECT_TRUE(r.out.empty()) << args[0];
    }
    EXPECT_NE(run({"--poly", "0x82f63b78"}).err.find("normal form"), std::string::npos);
}

TEST(Cli, CanonicalCommandLeavesOutTheOutputPath) {
    auto parsed = constgen::parse_args({"-o", "/tmp/x.h", "--msb-first", "--poly", "4C11DB7",
                                        "--strides", "8", "--name", "crc32_be"});
    ASSERT_TRUE(parsed.options);
    EXPECT_EQ(constgen::canonical_command(*parsed.options),
              "crc-constgen --poly 0x04c11db7 --width 32 --msb-first --strides 8 --name crc32_be");
    parsed = constgen::parse_args({"--width", "16", "--msb-first", "--poly", "0x8BB7"});
    ASSERT_TRUE(parsed.options);
    EXPECT_EQ(constgen::canonical_command(*parsed.options),
              "crc-constgen --poly 0x8bb7 --width 16 --msb-first --strides 16 --name crc32c_vmx");
    parsed = constgen::parse_args({"--width", "64", "--poly", "0xad93d23594c93659"});
    ASSERT_TRUE(parsed.options);
    EXPECT_EQ(constgen::canonical_command(*parsed.options),
              "crc-constgen --poly 0xad93d23594c93659 --width 64 --reflected --strides 16 --name "
              "crc32c_vmx");
}

TEST(Cli, WritesTheFileAndReportsWriteErrors) {
    const auto dir = std::filesystem::temp_directory_path() / "crc_constgen_cli_test";
    std::filesystem::create_directories(dir);
    const auto path = (dir / "consts.h").string();
    auto r = run({"-o", path});
    ASSERT_EQ(r.code, 0) << r.err;
    std::ifstream f(path);
    std::stringstream ss;
    ss << f.rdbuf();
    EXPECT_EQ(ss.str(), run({}).out);
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
    std::filesystem::remove_all(dir);

    r = run({"-o", "/nonexistent-dir/consts.h"});
    EXPECT_EQ(r.code, constgen::kExitFailure);
    EXPECT_NE(r.err.find("cannot open"), std::string::npos);
}

} // namespace
