// SPDX-License-Identifier: GPL-2.0-only
//
// Host model of the VMX core (module/arch/powerpc/crc32c_vmx_core.c): the
// same steps in the same order (unaligned first vector, alignment step,
// 16-stream main loop, stream combine, short-chunk combine, partial tail,
// 128 -> 32-bit reduction), on the software registers of vreg.h, driven by
// a constant set. The reflected form is what the core runs; the MSB-first
// form is its mirror image and exists so that the generator's --msb-first
// output is tested too.
#pragma once

#include "vreg.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace foldmodel {

inline constexpr unsigned kStreams = 16;      // parallel 16-byte streams of the main loop
inline constexpr std::size_t kMinLength = 16; // the core's first load is a whole block

struct Constants {
    bool reflected = true;
    unsigned width = 32;    // the core's width: 32, or 64 (reflected only)
    std::vector<V128> fold; // fold[k - 1]: times x^(128k); at least kStreams entries
    // Reflected 32: 128->96, Barrett mu, Barrett P (reduce[3] unused);
    // reflected 64: 128->128, Barrett mu, Barrett P - x^64 (reduce[3] unused);
    // MSB-first: 128->96, 96->64, Barrett mu, Barrett P.
    std::array<V128, 4> reduce{};
};

// Counts of what one call did, so tests can check that each path ran.
struct Trace {
    bool head_align = false;      // the alignment step after the first vector ran
    std::size_t loop_iters = 0;   // 16-stream iterations after the first group
    bool streams_used = false;    // the 16-stream group (and its combine) ran
    std::size_t short_chunks = 0; // chunks folded by the short-chunk combine
    std::size_t tail_bytes = 0;   // bytes of the partial-tail step
    std::size_t vpmsumd = 0;      // multiplies issued
};

// Advances the raw CRC state (width bits) over data, exactly as the core
// would for a buffer at data.data() (the alignment decisions use the real
// address). Like the core, it takes at least kMinLength bytes; shorter data
// throws std::invalid_argument.
std::uint64_t fold_update(const Constants &c, std::uint64_t crc, std::span<const std::uint8_t> data,
                          Trace *trace = nullptr);

} // namespace foldmodel
