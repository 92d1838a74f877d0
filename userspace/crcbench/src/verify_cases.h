// SPDX-License-Identifier: GPL-2.0-only
//
// The (length, offset, seed, update split, data) cases `verify` runs: a fixed
// set around the lengths where CRC implementations change paths, a random
// set from a printed seed, and the textual case spec that makes every
// reported mismatch reproducible on its own.
#pragma once

#include <cstddef>
#include <cstdint>
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

} // namespace crcbench
