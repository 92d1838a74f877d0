// SPDX-License-Identifier: GPL-2.0-only
//
// The CRC family through the generator and the host model of the core:
// CRC32C (reflected, 32-bit), CRC-T10DIF (MSB-first, 16-bit, run on the
// 32-bit core modulo P * x^16) and CRC64-Rocksoft (reflected, 64-bit, its
// own final reduction), each against a bitwise reference written from the
// CRC definition: catalogue check values, every length 0..2048 at every
// offset 0..15, and 10^6 random cases.
#include "fold_constants.h"

#include "fold_model.h"
#include "model_constants.h"

#include <gtest/gtest.h>

#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using constgen::BitOrder;
using constgen::CrcSpec;

struct Member {
    const char *name;
    CrcSpec spec;
    std::uint64_t init, xorout;
    std::uint64_t check; // of "123456789", from the CRC catalogue (reveng)
};

CrcSpec spec_of(std::uint64_t poly, unsigned width, BitOrder order) {
    CrcSpec s;
    s.poly = poly;
    s.width = width;
    s.order = order;
    return s;
}

const Member kFamily[] = {
    {"CRC-32C", spec_of(0x1EDC6F41u, 32, BitOrder::reflected), 0xFFFFFFFFu, 0xFFFFFFFFu,
     0xE3069283u},
    {"CRC-16/T10-DIF", spec_of(0x8BB7u, 16, BitOrder::msb_first), 0, 0, 0xD0DBu},
    {"CRC-64/NVME (Rocksoft)", spec_of(0xAD93D23594C93659u, 64, BitOrder::reflected), ~0ull, ~0ull,
     0xAE8B14860A799888u},
    // Not in the family; the reflected 16-bit embedding, kept honest too
    // (check value and every length and offset; no million random cases).
    {"CRC-16/ARC", spec_of(0x8005u, 16, BitOrder::reflected), 0, 0, 0xBB3Du},
};

std::uint64_t mask(unsigned width) {
    return width == 64 ? ~0ull : (1ull << width) - 1;
}

std::uint64_t reverse_bits(std::uint64_t v, unsigned width) {
    std::uint64_t r = 0;
    for (unsigned i = 0; i < width; ++i)
        if ((v >> i) & 1u)
            r |= 1ull << (width - 1 - i);
    return r;
}

// One bit at a time, straight from the definition: the state of a CRC of
// `width` bits (no init or final xor) after the bytes of d.
std::uint64_t bitwise(const CrcSpec &s, std::uint64_t crc, std::span<const std::uint8_t> d) {
    const std::uint64_t m = mask(s.width);
    const std::uint64_t top = 1ull << (s.width - 1);
    const std::uint64_t rpoly = reverse_bits(s.poly, s.width);
    for (std::uint8_t b : d) {
        for (int i = 0; i < 8; ++i) {
            if (s.order == BitOrder::reflected) {
                const bool fb = ((crc ^ (b >> i)) & 1u) != 0;
                crc = (crc >> 1) ^ (fb ? rpoly : 0);
            } else {
                const bool fb = ((crc & top) != 0) != (((b >> (7 - i)) & 1u) != 0);
                crc = ((crc << 1) & m) ^ (fb ? s.poly : 0);
            }
        }
    }
    return crc;
}

// A CRC of the family on the model: a 16-bit state rides in the top
// (MSB-first) or low (reflected) half of the 32-bit core's state.
class OnModel {
  public:
    explicit OnModel(const CrcSpec &s)
        : spec_(s), consts_(constgen::compute_fold_constants(s)), model_(to_model(consts_)),
          shift_(s.order == BitOrder::msb_first ? consts_.core_width - s.width : 0) {}

    std::uint64_t update(std::uint64_t crc, std::span<const std::uint8_t> d,
                         foldmodel::Trace *t = nullptr) const {
        const std::uint64_t out = foldmodel::fold_update(model_, crc << shift_, d, t);
        const std::uint64_t others =
            out & ~(mask(spec_.width) << shift_) & mask(consts_.core_width);
        EXPECT_EQ(others, 0u) << "bits outside the " << spec_.width << "-bit CRC are set";
        return out >> shift_;
    }

  private:
    CrcSpec spec_;
    constgen::FoldConstants consts_;
    foldmodel::Constants model_;
    unsigned shift_;
};

std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::uint8_t> v(n);
    for (auto &b : v)
        b = static_cast<std::uint8_t>(rng());
    return v;
}

// 16-byte aligned view of v from offset off (v has 16 spare bytes at the front).
std::span<const std::uint8_t> aligned_at(const std::vector<std::uint8_t> &v, std::size_t off,
                                         std::size_t len) {
    const auto addr = reinterpret_cast<std::uintptr_t>(v.data());
    const std::size_t base = (16 - addr % 16) % 16;
    return std::span<const std::uint8_t>(v).subspan(base + off, len);
}

// Plain functions called by one TEST per CRC below, so that every CTest
// name is a plain word (value-parameterized tests carry their value in it).
void check_value_on_bitwise_and_model(const Member &e) {
    const std::string s = "123456789";
    const std::span<const std::uint8_t> d(reinterpret_cast<const std::uint8_t *>(s.data()),
                                          s.size());
    EXPECT_EQ(bitwise(e.spec, e.init, d) ^ e.xorout, e.check) << "the reference itself";
    // The message is shorter than the core takes: the model hashes it with 7
    // zero bytes after it, which the reference adds to the catalogue's state.
    std::vector<std::uint8_t> padded(s.begin(), s.end());
    padded.resize(16, 0);
    const std::span<const std::uint8_t> zeros = std::span<const std::uint8_t>(padded).subspan(9);
    EXPECT_EQ(OnModel(e.spec).update(e.init, padded), bitwise(e.spec, e.check ^ e.xorout, zeros));
    // The same message behind 23 bytes whose state is known runs the vector
    // paths: compare with the reference there.
    std::vector<std::uint8_t> longer(23 + s.size(), 0x5a);
    for (std::size_t i = 0; i < s.size(); ++i)
        longer[23 + i] = static_cast<std::uint8_t>(s[i]);
    EXPECT_EQ(OnModel(e.spec).update(e.init, longer), bitwise(e.spec, e.init, longer));
}

void every_length_every_offset(const Member &e) {
    const OnModel crc(e.spec);
    const auto buf = random_bytes(2048 + 32 + 16, 11);
    std::mt19937_64 rng(12);
    for (std::size_t len = foldmodel::kMinLength; len <= 2048; ++len) {
        for (std::size_t off = 0; off < 16; ++off) {
            const auto d = aligned_at(buf, off, len);
            const std::uint64_t seed = rng() & mask(e.spec.width);
            ASSERT_EQ(crc.update(seed, d), bitwise(e.spec, seed, d))
                << e.name << " len " << len << " offset " << off << " seed " << seed;
        }
    }
}

void million_random_cases(const Member &e) {
    const OnModel crc(e.spec);
    const auto buf = random_bytes(70000 + 32, 13);
    std::mt19937_64 rng(14);
    for (int i = 0; i < 1000000; ++i) {
        // Mostly short (where the paths change), some up to 64 KiB.
        const std::size_t len = 16 + ((i % 1000 == 0) ? rng() % 65520 : rng() % 284);
        const std::size_t off = rng() % 16;
        const std::uint64_t seed = rng() & mask(e.spec.width);
        const auto d = aligned_at(buf, off, len);
        ASSERT_EQ(crc.update(seed, d), bitwise(e.spec, seed, d))
            << e.name << " case " << i << " len " << len << " offset " << off << " seed " << seed;
    }
}

// The 64-bit core takes every path of the 32-bit one (same folding code).
TEST(Family64, PathsAreTaken) {
    const OnModel crc(kFamily[2].spec);
    const auto buf = random_bytes(2000, 15);
    foldmodel::Trace t;
    EXPECT_THROW(crc.update(0, aligned_at(buf, 0, 15), &t), std::invalid_argument);
    crc.update(0, aligned_at(buf, 5, 16 + 11 + 32 + 7), &t);
    EXPECT_TRUE(t.head_align);
    EXPECT_EQ(t.short_chunks, 2u);
    crc.update(0, aligned_at(buf, 0, 16 + 3 * 256 + 5 * 16 + 1), &t);
    EXPECT_TRUE(t.streams_used);
    EXPECT_EQ(t.loop_iters, 2u);
    EXPECT_EQ(t.short_chunks, 5u);
    EXPECT_EQ(t.tail_bytes, 1u);
}

TEST(FamilySpec, RejectsWhatTheCoreCannotRun) {
    EXPECT_THROW(constgen::compute_fold_constants(spec_of(0x1Au, 64, BitOrder::msb_first)),
                 std::invalid_argument);
    EXPECT_THROW(constgen::compute_fold_constants(spec_of(0x18BB7u, 16, BitOrder::msb_first)),
                 std::invalid_argument);
    EXPECT_THROW(constgen::compute_fold_constants(spec_of(0x8BB6u, 16, BitOrder::msb_first)),
                 std::invalid_argument);
    EXPECT_THROW(constgen::compute_fold_constants(spec_of(0x8BB7u, 24, BitOrder::msb_first)),
                 std::invalid_argument);
}

TEST(FamilyCrc32c, CheckValueOnBitwiseAndModel) {
    check_value_on_bitwise_and_model(kFamily[0]);
}
TEST(FamilyCrc32c, EveryLengthEveryOffset) {
    every_length_every_offset(kFamily[0]);
}
TEST(FamilyCrc32c, MillionRandomCases) {
    million_random_cases(kFamily[0]);
}

TEST(FamilyCrcT10dif, CheckValueOnBitwiseAndModel) {
    check_value_on_bitwise_and_model(kFamily[1]);
}
TEST(FamilyCrcT10dif, EveryLengthEveryOffset) {
    every_length_every_offset(kFamily[1]);
}
TEST(FamilyCrcT10dif, MillionRandomCases) {
    million_random_cases(kFamily[1]);
}

TEST(FamilyCrc64Rocksoft, CheckValueOnBitwiseAndModel) {
    check_value_on_bitwise_and_model(kFamily[2]);
}
TEST(FamilyCrc64Rocksoft, EveryLengthEveryOffset) {
    every_length_every_offset(kFamily[2]);
}
TEST(FamilyCrc64Rocksoft, MillionRandomCases) {
    million_random_cases(kFamily[2]);
}

TEST(FamilyCrc16Arc, CheckValueOnBitwiseAndModel) {
    check_value_on_bitwise_and_model(kFamily[3]);
}
TEST(FamilyCrc16Arc, EveryLengthEveryOffset) {
    every_length_every_offset(kFamily[3]);
}

} // namespace
