// SPDX-License-Identifier: GPL-2.0-only
#include "fold_model.h"

#include <stdexcept>

namespace foldmodel {

namespace {

constexpr std::uint64_t kOnes = ~std::uint64_t{0};

// Everything that differs between the two bit orders: which end of the
// register the first byte in memory lands on, and where the reduction
// leaves its partial results.
class Engine {
  public:
    Engine(const Constants &c, Trace &t) : c_(c), t_(t) {
        if (c.fold.size() < kStreams)
            throw std::invalid_argument(
                "fold_update: constant set needs at least kStreams fold entries");
        if (c.width != 32 && !(c.width == 64 && c.reflected))
            throw std::invalid_argument("fold_update: the core is 32-bit or reflected 64-bit");
    }

    V128 load(const std::uint8_t *p) const { return c_.reflected ? load_le(p) : load_be(p); }

    // The CRC state lines up with the first 4 (8) bytes of the first vector.
    V128 state_vector(std::uint64_t crc) const {
        return c_.reflected ? V128{0, crc} : V128{crc << 32, 0};
    }

    // Move bytes n places toward the end of the message / toward its start.
    V128 later(V128 v, unsigned n) const {
        return c_.reflected ? shift_left_bytes(v, n) : shift_right_bytes(v, n);
    }
    V128 earlier(V128 v, unsigned n) const {
        return c_.reflected ? shift_right_bytes(v, n) : shift_left_bytes(v, n);
    }

    V128 mul(V128 a, V128 k) const {
        ++t_.vpmsumd;
        return vpmsumd(a, k);
    }
    V128 fold(V128 a, unsigned chunks) const { return mul(a, c_.fold.at(chunks - 1)); }

    // acc covers the message up to position X; last16 holds the 16 bytes
    // that end at X + k. Returns the remainder up to X + k (0 < k < 16):
    // the k leading bytes of acc overflow past 128 bits and are folded by
    // one chunk, the rest shift down and the k new bytes fill the gap.
    V128 shift_fold(V128 acc, unsigned k, V128 last16) const {
        const V128 top = later(acc, 16 - k);
        const V128 keep = later(V128{kOnes, kOnes}, 16 - k);
        return fold(top, 1) ^ earlier(acc, k) ^ (last16 & keep);
    }

    std::uint64_t reduce(V128 a) const {
        const V128 b = mul(a, c_.reduce[0]);
        if (c_.width == 64) {
            // b = S = A * x^64 mod P in 128 bits: its lo lane is T = floor(S
            // / x^64), its hi lane S mod x^64. The lo lane of T * mu is the
            // Barrett quotient q; q * (P - x^64) comes out times x, so one
            // bit to the left its hi lane is q * (P - x^64) mod x^64.
            const V128 q = mul(b, c_.reduce[1]);
            const V128 s = mul(q, c_.reduce[2]);
            return b.hi ^ shift_left_bits(s, 1).hi;
        }
        if (c_.reflected) {
            // b = A * x^32 mod P in 96 bits. Rotated right by one word
            // (vsldoi 12), its lo lane is T = floor(b / x^32) and the low
            // 32 bits of its hi lane are b mod x^32. The lo lane of T * mu
            // is the Barrett quotient q; q * P puts q * P mod x^32 in the
            // low 32 bits of the hi lane, under b mod x^32.
            const V128 t = rotate_right_words(b);
            const V128 q = mul(t, c_.reduce[1]);
            const V128 s = mul(q, c_.reduce[2]);
            return static_cast<std::uint32_t>((s ^ t).hi);
        }
        const V128 cc = mul(b, c_.reduce[1]) ^ (b & V128{0, kOnes});
        const V128 t1 = mul(cc, c_.reduce[2]);
        const V128 t2 = mul(t1 & V128{0xffffffffu, 0}, c_.reduce[3]);
        return static_cast<std::uint32_t>(cc.lo ^ t2.lo);
    }

  private:
    const Constants &c_;
    Trace &t_;
};

} // namespace

std::uint64_t fold_update(const Constants &c, std::uint64_t crc, std::span<const std::uint8_t> data,
                          Trace *trace) {
    Trace local;
    Trace &t = trace ? *trace : local;
    t = Trace{};
    const Engine e(c, t);
    const std::uint8_t *p = data.data();
    std::size_t len = data.size();

    if (len < kMinLength)
        throw std::invalid_argument("fold_update: the core takes at least 16 bytes, got " +
                                    std::to_string(len));

    // First vector: unaligned, with the state folded into its first bytes.
    V128 acc = e.load(p) ^ e.state_vector(crc);
    p += 16;
    len -= 16;

    const auto h = static_cast<unsigned>(-reinterpret_cast<std::uintptr_t>(p) & 15u);
    if (h != 0 && len >= h) {
        // Take h more bytes so that every later load is 16-byte aligned.
        acc = e.shift_fold(acc, h, e.load(p + h - 16));
        p += h;
        len -= h;
        t.head_align = true;
    }

    std::size_t n = len / 16;
    if (n >= kStreams && h != 0 && !t.head_align)
        throw std::logic_error("fold_update: main loop on an unaligned pointer");
    if (n >= kStreams) {
        std::array<V128, kStreams> s;
        s[0] = e.fold(acc, 1) ^ e.load(p);
        for (unsigned i = 1; i < kStreams; ++i)
            s[i] = e.load(p + 16 * i);
        p += 16 * kStreams;
        n -= kStreams;
        t.streams_used = true;
        for (; n >= kStreams; n -= kStreams, p += 16 * kStreams) {
            for (unsigned i = 0; i < kStreams; ++i)
                s[i] = e.fold(s[i], kStreams) ^ e.load(p + 16 * i);
            ++t.loop_iters;
        }
        acc = s[kStreams - 1];
        for (unsigned i = 0; i + 1 < kStreams; ++i)
            acc = acc ^ e.fold(s[i], kStreams - 1 - i);
    }
    if (n != 0) {
        // n < 16 whole chunks: each is folded straight to the end.
        V128 x = e.fold(acc, static_cast<unsigned>(n));
        for (std::size_t j = 0; j + 1 < n; ++j)
            x = x ^ e.fold(e.load(p + 16 * j), static_cast<unsigned>(n - 1 - j));
        acc = x ^ e.load(p + 16 * (n - 1));
        p += 16 * n;
        t.short_chunks = n;
    }
    len &= 15;
    if (len != 0) {
        acc = e.shift_fold(acc, static_cast<unsigned>(len), e.load(p + len - 16));
        t.tail_bytes = len;
    }
    return e.reduce(acc);
}

} // namespace foldmodel
