// SPDX-License-Identifier: GPL-2.0-only
#include "interrupt.h"
#include "soft_hasher.h"
#include "verifier.h"

#include <gtest/gtest.h>

#include <csignal>

using namespace crcbench;
using crcbench::tst::soft_factory;
using crcbench::tst::SoftHasher;

TEST(Verifier, CorrectDriversPass) {
    auto cases = fixed_cases(70000);
    auto more = random_cases(40, 5, 70000);
    cases.insert(cases.end(), more.begin(), more.end());
    std::size_t calls = 0;
    auto verdicts = run_verify({"crc32c-a", "crc32c-b"}, cases, soft_factory(),
                               [&](std::size_t done, std::size_t total) {
                                   ++calls;
                                   EXPECT_LE(done, total);
                               });
    ASSERT_EQ(verdicts.size(), 2u);
    for (const auto &v : verdicts) {
        EXPECT_TRUE(v.ok()) << v.driver;
        EXPECT_EQ(v.cases, cases.size());
        EXPECT_GT(v.bytes, 0u);
    }
    EXPECT_EQ(calls, cases.size());
}

TEST(Verifier, WrongDriverIsCaughtWithReproducer) {
    auto cases = fixed_cases(70000);
    auto verdicts = run_verify({"crc32c-good", "crc32c-broken"}, cases, soft_factory());
    EXPECT_TRUE(verdicts[0].ok());
    const DriverVerdict &bad = verdicts[1];
    EXPECT_FALSE(bad.ok());
    EXPECT_GT(bad.mismatches, 0u);
    ASSERT_FALSE(bad.reported.empty());
    EXPECT_LE(bad.reported.size(), kReportedMismatches);
    const Mismatch &m = bad.reported.front();
    EXPECT_GE(m.c.length, 4096u);
    EXPECT_EQ(m.got, m.expected ^ 1u);
    std::string line = format_reproducer(m);
    for (const char *part :
         {"MISMATCH driver=crc32c-broken", "length=", "offset=", "seed=", "split=", "expected=0x",
          "got=0x", "crcbench-alg verify --driver crc32c-broken --case "})
        EXPECT_NE(line.find(part), std::string::npos) << part << " in " << line;
    // The printed case reproduces the same mismatch on its own.
    std::string spec = line.substr(line.rfind("--case ") + 7);
    auto again = run_verify({"crc32c-broken"}, {parse_case(spec)}, soft_factory());
    EXPECT_EQ(again[0].mismatches, 1u);
    EXPECT_EQ(again[0].reported[0].got, m.got);
}

TEST(Verifier, SeedsAreSetAndResetPerCase) {
    // A hasher that ignores setkey passes default-seed cases only.
    HasherFactory ignores_key = [](const std::string &) -> std::unique_ptr<Crc32cHasher> {
        struct NoKey : SoftHasher {
            void set_seed(std::uint32_t) override {}
        };
        return std::make_unique<NoKey>();
    };
    VerifyCase plain = parse_case("100:0:default:digest");
    VerifyCase keyed = parse_case("100:0:0x12345678:digest");
    EXPECT_TRUE(run_verify({"x"}, {plain}, ignores_key)[0].ok());
    EXPECT_FALSE(run_verify({"x"}, {plain, keyed}, ignores_key)[0].ok());
    // A keyed case followed by a default one: the default key must come back.
    EXPECT_TRUE(run_verify({"x"}, {keyed, plain, keyed}, soft_factory())[0].ok());
}

TEST(Verifier, StreamingSplitsUseUpdateAndFinal) {
    struct Counts {
        int digests = 0, updates = 0, finals = 0;
    } counts;
    struct Counting : SoftHasher {
        Counts &n;
        explicit Counting(Counts &c) : n(c) {}
        Digest digest(std::span<const std::uint8_t> d) override {
            ++n.digests;
            return SoftHasher::digest(d);
        }
        void update(std::span<const std::uint8_t> d) override {
            ++n.updates;
            SoftHasher::update(d);
        }
        Digest final() override {
            ++n.finals;
            return SoftHasher::final();
        }
    };
    HasherFactory spy = [&](const std::string &) -> std::unique_ptr<Crc32cHasher> {
        return std::make_unique<Counting>(counts);
    };
    auto v =
        run_verify({"x"}, {parse_case("10:1:default:0+4+6"), parse_case("0:0:default:0")}, spy);
    EXPECT_TRUE(v[0].ok());
    EXPECT_EQ(counts.updates, 4);
    EXPECT_EQ(counts.finals, 2);
    EXPECT_EQ(counts.digests, 0);
}

TEST(Verifier, ExpectedDigestMatchesKnownValue) {
    std::string s = "123456789";
    std::span<const std::uint8_t> data(reinterpret_cast<const std::uint8_t *>(s.data()), s.size());
    VerifyCase c;
    c.length = 9;
    EXPECT_EQ(expected_digest(c, data), 0xE3069283u);
}

// Issue 3.4: SIGINT/SIGTERM (here the seam) stops verify before the next
// case; every driver has run the same cases, and none after the signal.
TEST(Verifier, InterruptStopsBeforeTheNextCase) {
    auto cases = fixed_cases(4096);
    ASSERT_GT(cases.size(), 10u);
    auto verdicts = run_verify({"crc32c-a", "crc32c-b"}, cases, soft_factory(),
                               [](std::size_t done, std::size_t) {
                                   if (done == 7)
                                       set_interrupt_signal(SIGINT);
                               });
    set_interrupt_signal(0);
    ASSERT_EQ(verdicts.size(), 2u);
    for (const auto &v : verdicts) {
        EXPECT_EQ(v.cases, 7u) << v.driver;
        EXPECT_TRUE(v.ok());
    }
    set_interrupt_signal(SIGTERM); // before the first case: no case runs
    verdicts = run_verify({"crc32c-a"}, cases, soft_factory());
    set_interrupt_signal(0);
    ASSERT_EQ(verdicts.size(), 1u);
    EXPECT_EQ(verdicts[0].cases, 0u);
}
