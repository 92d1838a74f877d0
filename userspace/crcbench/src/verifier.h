// SPDX-License-Identifier: GPL-2.0-only
//
// Runs verify cases against drivers and compares every result with the
// software reference. Knows nothing about AF_ALG: it gets hashers from a
// factory, so the unit tests drive it with correct and deliberately wrong
// software hashers.
#pragma once

#include "hasher.h"
#include "verify_cases.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace crcbench {

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
