// SPDX-License-Identifier: GPL-2.0-only
#include "verifier.h"

#include "bench.h"
#include "error.h"
#include "interrupt.h"
#include "text.h"
#include "user_drivers.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <random>

namespace crcbench {
namespace {

std::uint64_t mix64(std::uint64_t x) {
    // splitmix64 finaliser: spreads nearby inputs over the whole range.
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

class Rng {
  public:
    explicit Rng(std::uint64_t seed) : state_(mix64(seed) | 1) {}
    std::uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 0x2545F4914F6CDD1Dull;
    }
    // Uniform enough in [0, bound] for test-case selection.
    std::uint64_t upto(std::uint64_t bound) {
        return bound == std::numeric_limits<std::uint64_t>::max() ? next() : next() % (bound + 1);
    }

  private:
    std::uint64_t state_;
};

// The pieces between the cut offsets (clamped to len, never backwards); they sum to len.
std::vector<std::size_t> pieces_at(std::size_t len, const std::vector<std::size_t> &cuts) {
    std::vector<std::size_t> out;
    std::size_t prev = 0;
    for (std::size_t cut : cuts) {
        cut = std::clamp(cut, prev, len);
        out.push_back(cut - prev);
        prev = cut;
    }
    out.push_back(len - prev);
    return out;
}

// "digest" (one-shot) or the update sizes joined by '+', as --case reads it.
std::string split_text(const VerifyCase &c) {
    return c.pieces.empty() ? "digest" : fmt::format("{}", fmt::join(c.pieces, "+"));
}

} // namespace

std::uint64_t default_data_key(std::size_t length, std::optional<std::uint32_t> seed) {
    return mix64(static_cast<std::uint64_t>(length) * 0x100000001B3ull ^
                 (seed ? *seed : 0x1FFFFFFFFull));
}

void fill_case_data(std::span<std::uint8_t> out, std::uint64_t data_key) {
    Rng rng(data_key);
    for (std::size_t i = 0; i < out.size(); i += 8) {
        std::uint64_t v = rng.next();
        for (std::size_t b = 0; b < 8 && i + b < out.size(); ++b)
            out[i + b] = static_cast<std::uint8_t>(v >> (8 * b));
    }
}

std::string format_case(const VerifyCase &c) {
    std::string s = fmt::format("{}:{}:{}:{}", c.length, c.offset,
                                c.seed ? format_hex32(*c.seed) : "default", split_text(c));
    if (c.data_key != default_data_key(c.length, c.seed))
        s += fmt::format(":0x{:016x}", c.data_key);
    return s;
}

VerifyCase parse_case(std::string_view spec) {
    auto fields = split(spec, ':');
    if (fields.size() != 4 && fields.size() != 5)
        throw UsageError("--case '" + std::string(spec) +
                         "': expected LENGTH:OFFSET:SEED:SPLIT[:DATAKEY]");
    VerifyCase c;
    c.length = parse_size(fields[0]);
    if (c.length > (256u << 20))
        throw UsageError("--case: length at most 256M");
    c.offset = parse_uint(fields[1], 0, kCaseAlignment - 1, "--case offset");
    if (fields[2] != "default")
        c.seed = parse_u32(fields[2], "--case seed");
    if (fields[3] != "digest") {
        std::size_t sum = 0;
        for (std::string_view p : split(fields[3], '+')) {
            c.pieces.push_back(parse_size(p));
            sum += c.pieces.back();
        }
        if (sum != c.length)
            throw UsageError("--case '" + std::string(spec) + "': pieces sum to " +
                             std::to_string(sum) + ", not the length " + std::to_string(c.length));
    }
    c.data_key =
        fields.size() == 5
            ? parse_uint(fields[4], 0, std::numeric_limits<std::uint64_t>::max(), "--case data key")
            : default_data_key(c.length, c.seed);
    return c;
}

std::vector<VerifyCase> fixed_cases(std::size_t max_length) {
    // Lengths around the boundaries where implementations switch paths:
    // 8/16-byte words, 128-byte vector loops, the 512+16 byte vector
    // threshold of crc32c-vpmsum, pages, 32 KiB blocks, libkcapi's 32 KiB
    // send/splice switch, 64 KiB pages, several MiB; and a few of the form
    // 64k + 7 (whole 64-byte blocks, then a tail that is not a whole word).
    static constexpr std::size_t lengths[] = {
        0,     1,     2,      3,      4,       5,       7,       8,       9,      15,    16,
        17,    31,    32,     33,     48,      63,      64,      65,      71,     127,   128,
        129,   255,   256,    257,    511,     512,     513,     527,     528,    529,   543,
        544,   1023,  1024,   1025,   2047,    2048,    2049,    2055,    4095,   4096,  4097,
        4103,  8191,  8192,   16383,  16384,   16391,   32767,   32768,   32769,  65535, 65536,
        65537, 65543, 131072, 262147, 1048575, 1048576, 1048577, 2097159, 4194307};
    static constexpr std::size_t offsets[] = {1, 3, 7, 8, 15, 4093, 65533, 2, 31};
    static constexpr std::uint32_t seeds[] = {0x00000000u, 0xFFFFFFFFu, 0x12345678u,
                                              0xDEADBEEFu, 0x80000000u, 0x00000001u};
    std::vector<VerifyCase> defaults, keyed;
    std::size_t i = 0;
    for (std::size_t len : lengths) {
        if (len > max_length)
            continue;
        defaults.push_back({.length = len, .data_key = default_data_key(len, std::nullopt)});
        VerifyCase b{.length = len,
                     .offset = offsets[i % std::size(offsets)],
                     .seed = seeds[i % std::size(seeds)]};
        switch (i % 5) {
        case 0:
            break; // one-shot
        case 1:
            b.pieces = pieces_at(len, {len / 2});
            break;
        case 2:
            b.pieces = pieces_at(len, {1, len / 2});
            break;
        case 3:
            b.pieces = pieces_at(len, {0, len > 16 ? len - 16 : len}); // empty update first
            break;
        case 4:
            b.pieces = pieces_at(len, {len / 3, 2 * len / 3, len > 1 ? len - 1 : len});
            break;
        }
        b.data_key = default_data_key(len, b.seed);
        keyed.push_back(b);
        ++i;
    }
    defaults.insert(defaults.end(), keyed.begin(), keyed.end());
    return defaults;
}

std::uint64_t fresh_seed() {
    std::random_device rd;
    return (std::uint64_t{rd()} << 32) ^ rd();
}

std::vector<VerifyCase> without_keys(std::vector<VerifyCase> cases) {
    for (VerifyCase &c : cases)
        c.seed.reset();
    return cases;
}

std::vector<VerifyCase> random_cases(std::size_t n, std::uint64_t seed, std::size_t max_length) {
    Rng rng(seed);
    std::vector<VerifyCase> out;
    out.reserve(n);
    for (std::size_t k = 0; k < n; ++k) {
        VerifyCase c;
        std::uint64_t bucket = rng.upto(99);
        std::size_t cap = bucket < 50   ? 600
                          : bucket < 75 ? 8192
                          : bucket < 90 ? 131072
                                        : max_length;
        c.length = static_cast<std::size_t>(rng.upto(std::min(cap, max_length)));
        c.offset =
            static_cast<std::size_t>(rng.upto(1) ? rng.upto(15) : rng.upto(kCaseAlignment - 1));
        if (rng.upto(3) != 0)
            c.seed = static_cast<std::uint32_t>(rng.next());
        if (rng.upto(9) >= 4) {
            std::size_t count = 2 + static_cast<std::size_t>(rng.upto(3));
            std::vector<std::size_t> cuts;
            for (std::size_t j = 1; j < count; ++j)
                cuts.push_back(static_cast<std::size_t>(rng.upto(c.length)));
            std::sort(cuts.begin(), cuts.end());
            c.pieces = pieces_at(c.length, cuts);
        }
        c.data_key = rng.next();
        out.push_back(c);
    }
    return out;
}

std::string reproducers_note(std::size_t shown, std::size_t failed) {
    if (shown == 0)
        return "";
    if (shown >= failed)
        return shown == 1 ? "; its reproducer follows" : "; their reproducers follow";
    return fmt::format("; the reproducers of the first {} follow (each --case repeats one)", shown);
}

Judge judge_for(const std::string &driver) {
    return driver == kUserSlice8 ? Judge::bitwise : Judge::table;
}

std::string_view judge_name(Judge j) {
    return j == Judge::bitwise ? "bitwise reference" : "reference";
}

Digest expected_digest(const VerifyCase &c, std::span<const std::uint8_t> data, Judge judge,
                       CrcAlg alg) {
    if (c.seed && !alg_info(alg).keyed)
        throw UsageError("case " + format_case(c) + ": " + std::string(alg_info(alg).name) +
                         " has no key (its drivers offer no setkey): give the seed as "
                         "\"default\"");
    if (judge == Judge::bitwise)
        return bitwise_digest(alg, c.seed, data);
    Digest fast = reference_digest(alg, c.seed, data);
    // Cases up to this length are also computed with the bitwise reference, so a
    // miscompiled fast reference on the target cannot go unnoticed.
    constexpr std::size_t kCrossCheckLimit = 65536;
    if (data.size() <= kCrossCheckLimit && fast != bitwise_digest(alg, c.seed, data))
        throw ToolError(ExitCode::runtime,
                        "internal error: the table-driven reference disagrees with the bitwise "
                        "reference for case " +
                            format_case(c));
    return fast;
}

std::vector<DriverVerdict> run_verify(const std::vector<std::string> &drivers,
                                      const std::vector<VerifyCase> &cases,
                                      const HasherFactory &factory, const VerifyProgress &progress,
                                      CrcAlg alg) {
    std::size_t need = 1;
    for (const VerifyCase &c : cases)
        need = std::max(need, c.offset + c.length);
    AlignedBuffer buffer(need, kCaseAlignment);

    std::vector<std::unique_ptr<Crc32cHasher>> hashers;
    std::vector<bool> keyed(drivers.size(), false);
    std::vector<DriverVerdict> verdicts;
    for (const std::string &d : drivers) {
        hashers.push_back(factory(d));
        verdicts.push_back(DriverVerdict{d, judge_for(d), 0, 0, 0, {}});
    }

    std::size_t done = 0;
    for (const VerifyCase &c : cases) {
        if (interrupt_signal())
            break; // every driver has run the same cases
        std::span<std::uint8_t> data = buffer.subspan(c.offset, c.length);
        fill_case_data(data, c.data_key);
        Digest by_table = expected_digest(c, data, Judge::table, alg);
        std::optional<Digest> by_bitwise; // computed once, when a driver needs it
        for (std::size_t i = 0; i < drivers.size(); ++i) {
            Digest expected = by_table;
            if (verdicts[i].judge == Judge::bitwise) {
                if (!by_bitwise)
                    by_bitwise = expected_digest(c, data, Judge::bitwise, alg);
                expected = *by_bitwise;
            }
            Crc32cHasher &h = *hashers[i];
            if (c.seed) {
                h.set_seed(*c.seed);
                keyed[i] = true;
            } else if (keyed[i]) {
                h.set_seed(kDefaultSeed); // same as the tfm's default key
            }
            Digest got = hash_pieces(h, data, c.pieces);
            DriverVerdict &v = verdicts[i];
            ++v.cases;
            v.bytes += c.length;
            if (got != expected) {
                ++v.mismatches;
                if (v.reported.size() < kReportedMismatches)
                    v.reported.push_back(Mismatch{drivers[i], c, expected, got, alg});
            }
        }
        ++done;
        if (progress)
            progress(done, cases.size());
    }
    return verdicts;
}

std::string format_reproducer(const Mismatch &m) {
    const VerifyCase &c = m.c;
    return "MISMATCH driver=" + m.driver + " length=" + std::to_string(c.length) +
           " offset=" + std::to_string(c.offset) +
           " seed=" + (c.seed ? format_hex32(*c.seed) : std::string("default")) +
           " split=" + split_text(c) + " expected=" + format_digest(m.alg, m.expected) +
           " got=" + format_digest(m.alg, m.got) + " reproduce: crcbench-alg verify" +
           (m.alg == CrcAlg::crc32c ? "" : " --alg " + std::string(alg_info(m.alg).name)) +
           " --driver " + m.driver + " --case " + format_case(c);
}

} // namespace crcbench
