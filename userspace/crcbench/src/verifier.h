// SPDX-License-Identifier: GPL-2.0-only
//
// Runs verify cases against drivers and compares every result with the
// software reference. Knows nothing about AF_ALG: it gets hashers from a
// factory, so the unit tests drive it with correct and deliberately wrong
// software hashers.
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

// The (length, offset, seed, update split, data) cases `verify` runs: a fixed
// set around the lengths where CRC implementations change paths, a random
// set from a printed seed, and the textual case spec that makes every
// reported mismatch reproducible on its own.
// Buffers are aligned to this, so offsets mean the same on 4K and 64K pages.
inline constexpr std::size_t kCaseAlignment = 65536;

struct VerifyCase {
    std::size_t length = 0;
    std::size_t offset = 0;            // from a kCaseAlignment-aligned buffer start
    std::optional<std::uint32_t> seed; // nullopt: the tfm's default key (0xffffffff)
    std::vector<std::size_t> pieces;   // update sizes; empty: one-shot digest
    std::uint64_t data_key = 0;        // selects the data bytes (see fill_case_data)

    bool operator==(const VerifyCase &) const = default;
};

// "LENGTH:OFFSET:SEED:SPLIT[:DATAKEY]", SEED "default" or a number, SPLIT
// "digest" (one-shot) or piece sizes joined by '+' that sum to LENGTH.
// Without DATAKEY the default key of (length, seed) is used.
std::string format_case(const VerifyCase &c);
VerifyCase parse_case(std::string_view spec); // throws UsageError

// The data key a case gets when the spec gives none.
std::uint64_t default_data_key(std::size_t length, std::optional<std::uint32_t> seed);

// Deterministic bytes for a data key (a 64-bit xorshift* stream).
void fill_case_data(std::span<std::uint8_t> out, std::uint64_t data_key);

// The fixed cases, lengths capped at max_length. Default-seed cases first.
std::vector<VerifyCase> fixed_cases(std::size_t max_length);

// n pseudo-random cases from `seed`; lengths up to max_length, offsets below
// kCaseAlignment. Same seed, same cases.
std::vector<VerifyCase> random_cases(std::size_t n, std::uint64_t seed, std::size_t max_length);

// The same cases without seeds (for an algorithm without a key): offsets,
// splits and data stay, every case runs from the algorithm's init.
std::vector<VerifyCase> without_keys(std::vector<VerifyCase> cases);

// A seed from std::random_device, for --seed left out (run, verify).
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

// What a driver's results are compared with. The table code of the
// algorithm (crc32c_fast, crc_family_ref; cross-checked by the bitwise
// reference up to 64 KiB) judges the kernel's drivers; user:slice8 *is*
// the crc32c table code, and a judge cannot judge itself, so it gets the
// bitwise reference at every length.
enum class Judge { table, bitwise };

Judge judge_for(const std::string &driver);

std::string_view judge_name(Judge j); // "reference" or "bitwise reference"

struct DriverVerdict {
    std::string driver;
    Judge judge = Judge::table;
    std::size_t cases = 0;
    std::uint64_t bytes = 0;
    std::size_t mismatches = 0;
    std::vector<Mismatch> reported; // the first few, with reproducers
    bool ok() const { return mismatches == 0; }
};

// Called after each case: (cases done, cases total).
using VerifyProgress = std::function<void(std::size_t, std::size_t)>;

// How many mismatches per driver get a reproducer line.
inline constexpr std::size_t kReportedMismatches = 5;

// The end of a FAIL line: that reproducers follow, and of how many of the
// failed cases when not of all ("; the reproducers of the first 5 follow").
std::string reproducers_note(std::size_t shown, std::size_t failed);

// The expected digest (decoded as decode_digest does; crc32c: the 4 bytes
// read little-endian) of a case's data for the algorithm. A case with a seed
// needs a keyed algorithm (crc32c).
Digest expected_digest(const VerifyCase &c, std::span<const std::uint8_t> data,
                       Judge judge = Judge::table, CrcAlg alg = CrcAlg::crc32c);

// After SIGINT/SIGTERM (interrupt.h) it stops before the next case: every
// verdict then holds the same first cases (none if it came before the first).
std::vector<DriverVerdict> run_verify(const std::vector<std::string> &drivers,
                                      const std::vector<VerifyCase> &cases,
                                      const HasherFactory &factory,
                                      const VerifyProgress &progress = {},
                                      CrcAlg alg = CrcAlg::crc32c);

// One line that says everything needed to reproduce a mismatch.
std::string format_reproducer(const Mismatch &m);

} // namespace crcbench
