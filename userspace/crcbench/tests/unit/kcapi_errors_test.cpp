// SPDX-License-Identifier: GPL-2.0-only
#include "error.h"

#include <gtest/gtest.h>

#include <cerrno>

using namespace crcbench;

namespace {
bool says(const ToolError &e, const char *text) {
    return std::string(e.what()).find(text) != std::string::npos;
}
} // namespace

TEST(KcapiErrors, NoAfAlg) {
    for (int e : {-EAFNOSUPPORT, -EOPNOTSUPP}) {
        ToolError t = classify_init_error(e, "crc32c-vmx");
        EXPECT_EQ(t.code(), ExitCode::no_af_alg);
        EXPECT_TRUE(says(t, "AF_ALG is not available"));
    }
}

TEST(KcapiErrors, CryptoUserMissingSaysWhatToLoad) {
    ToolError t = classify_init_error(-EPROTONOSUPPORT, "crc32c-vmx");
    EXPECT_EQ(t.code(), ExitCode::no_crypto_user);
    EXPECT_TRUE(says(t, "load crypto_user: modprobe crypto_user"));
    EXPECT_EQ(to_int(t.code()), 4);
}

TEST(KcapiErrors, BindRefusedPointsAtAlgifHash) {
    ToolError t = classify_init_error(-ENOENT, "crc32c-vmx");
    EXPECT_EQ(t.code(), ExitCode::no_af_alg);
    EXPECT_TRUE(says(t, "modprobe algif_hash"));
    EXPECT_TRUE(says(t, "crc32c-vmx"));
}

TEST(KcapiErrors, Permission) {
    EXPECT_EQ(classify_init_error(-EACCES, "d").code(), ExitCode::permission);
    EXPECT_EQ(classify_init_error(-EPERM, "d").code(), ExitCode::permission);
    EXPECT_EQ(classify_op_error(-EACCES, "digest", "d").code(), ExitCode::permission);
}

TEST(KcapiErrors, EverythingElseIsARuntimeError) {
    ToolError t = classify_init_error(-ENOMEM, "d");
    EXPECT_EQ(t.code(), ExitCode::runtime);
    EXPECT_TRUE(says(t, "ENOMEM"));
    ToolError op = classify_op_error(-EIO, "final", "crc32c-x");
    EXPECT_EQ(op.code(), ExitCode::runtime);
    EXPECT_TRUE(says(op, "final on 'crc32c-x' failed: EIO"));
    EXPECT_TRUE(says(classify_init_error(-12345, "d"), "errno 12345"));
}

TEST(KcapiErrors, ExitCodesAreTheDocumentedNumbers) {
    EXPECT_EQ(to_int(ExitCode::ok), 0);
    EXPECT_EQ(to_int(ExitCode::mismatch), 1);
    EXPECT_EQ(to_int(ExitCode::usage), 2);
    EXPECT_EQ(to_int(ExitCode::no_af_alg), 3);
    EXPECT_EQ(to_int(ExitCode::no_crypto_user), 4);
    EXPECT_EQ(to_int(ExitCode::unknown_driver), 5);
    EXPECT_EQ(to_int(ExitCode::permission), 6);
    EXPECT_EQ(to_int(ExitCode::runtime), 7);
}
