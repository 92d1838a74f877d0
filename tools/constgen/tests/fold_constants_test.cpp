// SPDX-License-Identifier: GPL-2.0-only
#include "fold_constants.h"

#include "fold_model.h"
#include "header_writer.h"
#include "model_constants.h"

#include <gtest/gtest.h>

#include <random>
#include <span>
#include <sstream>
#include <string_view>
#include <vector>

namespace {

using constgen::BitOrder;
using constgen::CrcSpec;
using constgen::Gf2Poly;

// Undo reflect32: bit 31 - j back to x^j.
Gf2Poly unreflect32(std::uint64_t v) {
    EXPECT_EQ(v >> 32, 0u) << "value does not fit 32 bits";
    Gf2Poly r;
    for (unsigned j = 0; j < 32; ++j)
        if ((v >> (31 - j)) & 1u)
            r.set_coeff(j, true);
    return r;
}

Gf2Poly xmod(unsigned n, const Gf2Poly &p) {
    return constgen::xpow_mod_stepwise(n, p);
}

TEST(Reflect, Examples) {
    EXPECT_EQ(constgen::reflect32(Gf2Poly(1)), 0x80000000u);
    EXPECT_EQ(constgen::reflect32(Gf2Poly::monomial(31)), 1u);
    // The reflected CRC32C polynomial, the form bitwise code uses.
    EXPECT_EQ(constgen::reflect32(Gf2Poly(0x1EDC6F41u)), 0x82F63B78u);
    EXPECT_EQ(constgen::reflect33(Gf2Poly::monomial(32)), 1u);
    EXPECT_EQ(constgen::reflect33(Gf2Poly(1)), std::uint64_t{1} << 32);
    EXPECT_EQ(constgen::reflect64(Gf2Poly::monomial(63)), 1u);
    EXPECT_EQ(constgen::reflect64(Gf2Poly(1)), std::uint64_t{1} << 63);
    EXPECT_THROW(constgen::reflect64(Gf2Poly::monomial(64)), std::invalid_argument);
    EXPECT_THROW(constgen::reflect32(Gf2Poly::monomial(32)), std::invalid_argument);
}

// Every fold constant decodes to the power of x the design says, with the
// powers computed by the step-by-step method (the generator uses squaring).
TEST(FoldConstants, ReflectedFoldExponents) {
    const auto c = constgen::compute_fold_constants(CrcSpec{});
    ASSERT_EQ(c.fold.size(), 16u);
    for (unsigned k = 1; k <= 16; ++k) {
        const auto &v = c.fold[k - 1].value;
        EXPECT_EQ(unreflect32(v.hi), xmod(128 * k - 33, c.modulus)) << "k = " << k;
        EXPECT_EQ(unreflect32(v.lo), xmod(128 * k + 31, c.modulus)) << "k = " << k;
    }
    EXPECT_EQ(c.reduce[0].value.hi, std::uint64_t{1} << 32);
    EXPECT_EQ(unreflect32(c.reduce[0].value.lo >> 32), xmod(95, c.modulus));
    ASSERT_EQ(c.reduce.size(), 3u);
    EXPECT_EQ(c.reduce[1].value.hi, 0u);
    EXPECT_EQ(c.reduce[1].value.lo, constgen::reflect64(c.mu));
    EXPECT_EQ(c.reduce[2].value.hi, 0u);
    EXPECT_EQ(c.reduce[2].value.lo, constgen::reflect33(c.modulus));
}

TEST(FoldConstants, MsbFirstFoldExponents) {
    CrcSpec spec;
    spec.poly = 0x04C11DB7u;
    spec.order = BitOrder::msb_first;
    const auto c = constgen::compute_fold_constants(spec);
    for (unsigned k = 1; k <= 16; ++k) {
        EXPECT_EQ(Gf2Poly(c.fold[k - 1].value.hi), xmod(128 * k + 64, c.modulus));
        EXPECT_EQ(Gf2Poly(c.fold[k - 1].value.lo), xmod(128 * k, c.modulus));
    }
    EXPECT_EQ(Gf2Poly(c.reduce[0].value.hi), xmod(96, c.modulus));
    EXPECT_EQ(Gf2Poly(c.reduce[1].value.hi), xmod(64, c.modulus));
    ASSERT_EQ(c.reduce.size(), 4u);
    EXPECT_EQ(Gf2Poly(c.reduce[3].value.hi), c.modulus);
}

// mu by the definition of division: x^e = mu * P + (x^e mod P), with e = 95
// for the reflected core (Barrett on 96 bits) and 64 for MSB-first.
TEST(FoldConstants, BarrettMuByDivision) {
    for (std::uint32_t poly : {0x1EDC6F41u, 0x04C11DB7u, 0x741B8CD7u, 0x814141ABu}) {
        for (BitOrder order : {BitOrder::reflected, BitOrder::msb_first}) {
            CrcSpec spec;
            spec.poly = poly;
            spec.order = order;
            const auto c = constgen::compute_fold_constants(spec);
            const unsigned e = order == BitOrder::reflected ? 95 : 64;
            EXPECT_EQ(c.mu_exponent, e);
            EXPECT_EQ(c.mu.degree(), static_cast<int>(e) - 32);
            EXPECT_EQ(c.mu * c.modulus ^ xmod(e, c.modulus), Gf2Poly::monomial(e));
            if (order == BitOrder::reflected)
                EXPECT_EQ(c.reduce[1].value.lo, constgen::reflect64(c.mu));
            else
                EXPECT_EQ(c.reduce[2].value.lo, c.mu.low_u64());
        }
    }
}

TEST(FoldConstants, StridesOutOfRangeThrow) {
    CrcSpec spec;
    spec.strides = 0;
    EXPECT_THROW(constgen::compute_fold_constants(spec), std::invalid_argument);
    spec.strides = constgen::kMaxStrides + 1;
    EXPECT_THROW(constgen::compute_fold_constants(spec), std::invalid_argument);
}

// ---- The constants through the host model -------------------------------

std::uint32_t bitwise(const CrcSpec &s, std::uint32_t crc, std::span<const std::uint8_t> d) {
    const std::uint32_t rpoly = constgen::reflect32(Gf2Poly(s.poly));
    for (std::uint8_t b : d) {
        if (s.order == BitOrder::reflected) {
            crc ^= b;
            for (int i = 0; i < 8; ++i)
                crc = (crc >> 1) ^ ((crc & 1u) ? rpoly : 0u);
        } else {
            crc ^= std::uint32_t{b} << 24;
            for (int i = 0; i < 8; ++i)
                crc = (crc << 1) ^ ((crc & 0x80000000u) ? s.poly : 0u);
        }
    }
    return crc;
}

std::span<const std::uint8_t> bytes(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t *>(s.data()), s.size()};
}

struct Catalogued {
    const char *name;
    std::uint32_t poly;
    BitOrder order;
    std::uint32_t init, xorout, check; // check = CRC of "123456789"
};

// Check values from the CRC catalogue (reveng). "123456789" is 9 bytes,
// shorter than the core takes: the model hashes it with 7 zero bytes after
// it, and the bitwise reference advances the catalogue's state over them.
const Catalogued kCatalogue[] = {
    {"CRC-32C", 0x1EDC6F41u, BitOrder::reflected, ~0u, ~0u, 0xE3069283u},
    {"CRC-32/ISO-HDLC", 0x04C11DB7u, BitOrder::reflected, ~0u, ~0u, 0xCBF43926u},
    {"CRC-32/MPEG-2", 0x04C11DB7u, BitOrder::msb_first, ~0u, 0u, 0x0376E6E7u},
    {"CRC-32/BZIP2", 0x04C11DB7u, BitOrder::msb_first, ~0u, ~0u, 0xFC891918u},
    {"CRC-32Q", 0x814141ABu, BitOrder::msb_first, 0u, 0u, 0x3010BF7Fu},
};

TEST(ThroughModel, CheckValues) {
    for (const auto &e : kCatalogue) {
        CrcSpec spec;
        spec.poly = e.poly;
        spec.order = e.order;
        const auto m = to_model(constgen::compute_fold_constants(spec));
        const auto check = bytes("123456789");
        std::vector<std::uint8_t> msg(check.begin(), check.end());
        msg.resize(16, 0);
        const auto zeros = std::span<const std::uint8_t>(msg).subspan(9);
        EXPECT_EQ(foldmodel::fold_update(m, e.init, msg), bitwise(spec, e.check ^ e.xorout, zeros))
            << e.name;
    }
}

// CRC32C's check value on the vector paths: the state after "123456789"
// must not depend on where it was computed, so hash a long message in
// which the check string is followed by more data, and compare with the
// bitwise result; plus a 16-byte-or-longer message whose digest is known.
TEST(ThroughModel, Crc32cOnVectorPaths) {
    const auto m = to_model(constgen::compute_fold_constants(CrcSpec{}));
    // RFC 3720 B.4: 32 bytes of 0xff -> 0x62A8AB43 (vector path, no scalar).
    std::vector<std::uint8_t> ones(32, 0xff);
    EXPECT_EQ(~static_cast<std::uint32_t>(foldmodel::fold_update(m, ~0u, ones)), 0x62A8AB43u);
}

TEST(ThroughModel, EveryCataloguedCrcMatchesBitwiseOnAllPaths) {
    std::mt19937_64 rng(2024);
    std::vector<std::uint8_t> buf(5000 + 16);
    for (auto &b : buf)
        b = static_cast<std::uint8_t>(rng());
    for (const auto &e : kCatalogue) {
        CrcSpec spec;
        spec.poly = e.poly;
        spec.order = e.order;
        const auto m = to_model(constgen::compute_fold_constants(spec));
        for (std::size_t len :
             {16u, 17u, 31u, 32u, 100u, 255u, 256u, 257u, 511u, 512u, 1000u, 4096u, 4999u}) {
            for (std::size_t off : {0u, 1u, 7u, 15u}) {
                const auto d = std::span<const std::uint8_t>(buf).subspan(off, len);
                const auto seed = static_cast<std::uint32_t>(rng());
                ASSERT_EQ(foldmodel::fold_update(m, seed, d), bitwise(spec, seed, d))
                    << e.name << " len " << len << " off " << off;
            }
        }
    }
}

TEST(Header, RendersKernelStyle) {
    const auto c = constgen::compute_fold_constants(CrcSpec{});
    const std::string text = constgen::render_header(c, "crc32c_vmx", "crc-constgen --x");
    EXPECT_EQ(text.rfind("/* SPDX-License-Identifier: GPL-2.0-only */\n", 0), 0u);
    EXPECT_NE(text.find("do not edit"), std::string::npos);
    EXPECT_NE(text.find(" *   crc-constgen --x\n"), std::string::npos);
    EXPECT_NE(text.find("static const u64 crc32c_vmx_fold[CRC32C_VMX_STRIDES][2] __aligned(16)"),
              std::string::npos);
    std::istringstream in(text);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        std::size_t cols = 0;
        for (char ch : line)
            cols = ch == '\t' ? (cols / 8 + 1) * 8 : cols + 1;
        EXPECT_LE(cols, 100u) << "line " << n << ": " << line;
        EXPECT_EQ(line.find("//"), std::string::npos) << "C99 comment on line " << n;
        EXPECT_TRUE(line.empty() || line.back() != ' ') << "trailing space on line " << n;
        EXPECT_NE(line.rfind("        ", 0), 0u) << "spaces for indent, line " << n;
    }
}

} // namespace

// The 64-bit MSB-first core (crc64_be, ECMA-182; the upstream series): fold
// constants as x^n mod P computed step by step, mu by division (x^128 =
// mu * P + r) and the reduction rows as polynomials.
TEST(FoldConstants, MsbFirst64) {
    CrcSpec spec;
    spec.poly = 0x42F0E1EBA9EA3693ULL;
    spec.width = 64;
    spec.order = BitOrder::msb_first;
    const auto c = constgen::compute_fold_constants(spec);
    EXPECT_EQ(c.core_width, 64u);
    EXPECT_EQ(c.modulus, Gf2Poly::monomial(64) ^ Gf2Poly(spec.poly));
    for (unsigned k = 1; k <= 16; ++k) {
        EXPECT_EQ(Gf2Poly(c.fold[k - 1].value.hi), xmod(128 * k + 64, c.modulus)) << k;
        EXPECT_EQ(Gf2Poly(c.fold[k - 1].value.lo), xmod(128 * k, c.modulus)) << k;
    }
    EXPECT_EQ(c.mu_exponent, 128u);
    EXPECT_EQ(c.mu.degree(), 64);
    EXPECT_EQ(c.mu * c.modulus ^ xmod(128, c.modulus), Gf2Poly::monomial(128));
    ASSERT_EQ(c.reduce.size(), 3u);
    EXPECT_EQ(Gf2Poly(c.reduce[0].value.hi), xmod(128, c.modulus));
    EXPECT_EQ(c.reduce[0].value.lo, 0u);
    EXPECT_EQ(Gf2Poly(c.reduce[1].value.hi), c.mu ^ Gf2Poly::monomial(64));
    EXPECT_EQ(Gf2Poly(c.reduce[2].value.hi), c.modulus ^ Gf2Poly::monomial(64));
}
