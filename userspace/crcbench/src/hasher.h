// SPDX-License-Identifier: GPL-2.0-only
//
// One CRC implementation (of the --alg algorithm) to be judged or timed: the
// kernel driver behind AF_ALG in the tool, a software stand-in in the unit
// tests. Not thread-safe: one object per thread. Failures throw ToolError.
#pragma once

#include "crc_alg.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace crcbench {

class Crc32cHasher {
  public:
    virtual ~Crc32cHasher() = default;

    // The crc32c key: the raw initial state (4 bytes little-endian to the
    // kernel). Affects the following operations. The default is 0xffffffff.
    // Only for algorithms with a key (AlgInfo::keyed): crc32c.
    virtual void set_seed(std::uint32_t seed) = 0;

    // One-shot digest. Returns the digest bytes decoded as the kernel
    // encodes them (decode_digest): for crc32c the 4 bytes read as
    // little-endian, i.e. ~state for a correct driver.
    virtual Digest digest(std::span<const std::uint8_t> data) = 0;

    // Streaming: any number of updates, then final (same result encoding).
    virtual void update(std::span<const std::uint8_t> data) = 0;
    virtual Digest final() = 0;
};

// One message: a digest, or (pieces not empty) an update per piece, then final.
inline Digest hash_pieces(Crc32cHasher &h, std::span<const std::uint8_t> data,
                          const std::vector<std::size_t> &pieces) {
    if (pieces.empty())
        return h.digest(data);
    std::size_t pos = 0;
    for (std::size_t piece : pieces) {
        h.update(data.subspan(pos, piece));
        pos += piece;
    }
    return h.final();
}

// Opens a hasher for a driver name ("crc32c-vpmsum", or "crc32c").
using HasherFactory = std::function<std::unique_ptr<Crc32cHasher>(const std::string &driver)>;

} // namespace crcbench
