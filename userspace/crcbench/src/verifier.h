// SPDX-License-Identifier: GPL-2.0-only
//
// `verify`: its cases (a fixed set around the lengths where CRC code
// changes paths, a random set from a printed seed, a spec that repeats any
// one), run through hashers from a factory (the unit tests give wrong ones)
// and judged by the software reference.
#pragma once

#include "hasher.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// Buffers are aligned to this, so offsets mean the same on 4K and 64K pages.
inline constexpr std::size_t kCaseAlignment = 65536;

struct VerifyCase {
    std::size_t length = 0;
    std::size_t offset = 0;
    std::optional<std::uint32_t> seed{}; // nullopt: the tfm's default key
    std::vector<std::size_t> pieces{};   // update sizes; empty: one-shot digest
    std::uint64_t data_key = 0;          // fill_case_data

    bool operator==(const VerifyCase &) const = default;
};

// "LENGTH:OFFSET:SEED:SPLIT[:DATAKEY]" (--case).
std::string format_case(const VerifyCase &c);
VerifyCase parse_case(std::string_view spec);

std::uint64_t default_data_key(std::size_t length, std::optional<std::uint32_t> seed);

// A 64-bit xorshift* stream.
void fill_case_data(std::span<std::uint8_t> out, std::uint64_t data_key);

// Default-seed cases first.
std::vector<VerifyCase> fixed_cases(std::size_t max_length);

std::vector<VerifyCase> random_cases(std::size_t n, std::uint64_t seed, std::size_t max_length);

std::vector<VerifyCase> without_keys(std::vector<VerifyCase> cases);

std::uint64_t fresh_seed();

// The seed the kernel's crc32c uses without setkey.
inline constexpr std::uint32_t kDefaultSeed = 0xFFFFFFFFu;

struct Mismatch {
    std::string driver;
    VerifyCase c;
    Digest expected = 0;
    Digest got = 0;
    CrcAlg alg = CrcAlg::crc32c;
};

// The table code judges the kernel's drivers; user:slice8 *is* the crc32c
// table code, and a judge cannot judge itself: it gets the bitwise one.
enum class Judge { table, bitwise };

Judge judge_for(const std::string &driver);

std::string_view judge_name(Judge j);

struct DriverVerdict {
    std::string driver;
    Judge judge = Judge::table;
    std::size_t cases = 0;
    std::uint64_t bytes = 0;
    std::size_t mismatches = 0;
    std::vector<Mismatch> reported; // the first few, with reproducers
    bool ok() const { return mismatches == 0; }
};

using VerifyProgress = std::function<void(std::size_t, std::size_t)>;

inline constexpr std::size_t kReportedMismatches = 5;

// "; the reproducers of the first 5 follow" (of all: "; their reproducers follow").
std::string reproducers_note(std::size_t shown, std::size_t failed);

Digest expected_digest(const VerifyCase &c, std::span<const std::uint8_t> data,
                       Judge judge = Judge::table, CrcAlg alg = CrcAlg::crc32c);

// After SIGINT/SIGTERM it stops before the next case: every verdict holds
// the same first cases.
std::vector<DriverVerdict> run_verify(const std::vector<std::string> &drivers,
                                      const std::vector<VerifyCase> &cases,
                                      const HasherFactory &factory,
                                      const VerifyProgress &progress = {},
                                      CrcAlg alg = CrcAlg::crc32c);

std::string format_reproducer(const Mismatch &m);

} // namespace crcbench
