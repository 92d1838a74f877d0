// SPDX-License-Identifier: GPL-2.0-only
#include "header_constants.h"

#include <cstring>

#include "kernel_types.h"

#include "crc32c_vmx_consts.h"

namespace foldmodel {

namespace {

// One table row exactly as a vector load on a little-endian CPU sees it.
V128 row(const u64 (&r)[2]) {
    std::uint8_t bytes[16];
    std::memcpy(bytes, r, sizeof(bytes));
    return load_le(bytes);
}

Constants build() {
    Constants c;
    c.reflected = CRC32C_VMX_REFLECTED != 0;
    c.width = CRC32C_VMX_CORE_WIDTH;
    static_assert(CRC32C_VMX_STRIDES >= kStreams,
                  "the header has too few fold constants for the model");
    for (const auto &r : crc32c_vmx_fold)
        c.fold.push_back(row(r));
    c.reduce[0] = row(crc32c_vmx_reduce[CRC32C_VMX_RED_FOLD]);
    c.reduce[1] = row(crc32c_vmx_reduce[CRC32C_VMX_RED_MU]);
    c.reduce[2] = row(crc32c_vmx_reduce[CRC32C_VMX_RED_POLY]);
    return c;
}

} // namespace

const Constants &committed_header_constants() {
    static const Constants c = build();
    return c;
}

} // namespace foldmodel
