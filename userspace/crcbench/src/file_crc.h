// SPDX-License-Identifier: GPL-2.0-only
//
// The engine of `crcbench-alg file`: an input (file_input.h) cut into units
// (the whole file, or one unit per page) and the CRC (of the --alg
// algorithm) of each unit through one driver, timed. Nothing is mapped and
// memory stays bounded whatever the file's size:
//  * kernel drivers: splice(2) file -> pipe -> hash stream (AF_ALG op
//    socket), SPLICE_F_MORE until a unit's last piece; if the kernel
//    refuses the splice (EINVAL, ENOSYS, EOPNOTSUPP...), the pass starts
//    again with pread + send through the read buffer, and the reason is
//    recorded;
//  * user: drivers and the reference: pread windows into one read buffer;
//  * standard input: one pass, each window read once and handed to the
//    reference and every driver in turn (transfer read).
// A regular file that ends early, or whose size differs after a pass, is
// the file-changed error (exit 8). After SIGINT/SIGTERM every pass throws
// Interrupted (interrupt.h) at its next window.
#pragma once

#include "file_input.h"
#include "hash_stream.h"
#include "hasher.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// Unit i is `length` bytes at offset i * stride; the stride - length bytes
// after it (InnoDB's checksum trailer) belong to no unit.
struct UnitLayout {
    std::uint64_t count = 1;
    std::uint64_t stride = 0;
    std::uint64_t length = 0;
    bool whole_file = true; // one unit, the whole input (a stream's size is known at its end)

    static UnitLayout whole(std::uint64_t size) { return {1, size, size, true}; }
    // One unit per page; `trailer` bytes at each page end are left out.
    static UnitLayout pages(std::uint64_t size, std::uint64_t page, std::uint64_t trailer = 0) {
        return {size / page, page, page - trailer, false};
    }
};

enum class Transfer { splice, read };
std::string_view transfer_name(Transfer t); // "splice", "read"

// The fixed buffer every window is read into (one per run).
inline constexpr std::size_t kReadWindow = std::size_t{1} << 20;
class ReadBuffer {
  public:
    explicit ReadBuffer(std::size_t bytes = kReadWindow) : bytes_(bytes) {}
    std::span<std::uint8_t> span() { return bytes_; }

  private:
    std::vector<std::uint8_t> bytes_;
};

// What the InnoDB checks need of each page, gathered while it streams by.
struct PageFacts {
    std::uint32_t stored = 0;      // the last 4 bytes, big-endian
    std::uint32_t key_version = 0; // bytes 0-3, big-endian
    bool all_zero = true;
};

struct UnitCrcs {
    std::vector<Digest> crcs; // one per unit, decoded as decode_digest does
    Transfer transfer = Transfer::read;
    std::optional<std::string> transfer_note; // why splice was not used
    double seconds = 0;
    std::uint64_t bytes_read = 0; // of the input, trailers included
};

// Called with the bytes hashed so far and the total (0: unknown, a stream).
using ByteProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// splice() for a given errno means "this kernel cannot splice this way":
// fall back to read + send. Other errors are errors.
bool splice_unsupported(int positive_errno);

// Through a kernel hash stream (a fresh one per attempt from `open`).
UnitCrcs kernel_unit_crcs(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf,
                          const std::function<std::unique_ptr<HashStream>()> &open,
                          const std::string &driver, const ByteProgress &progress = {});

// Through a userspace hasher, from the read buffer.
UnitCrcs user_unit_crcs(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf,
                        Crc32cHasher &hasher, const ByteProgress &progress = {});

// The tool's table code, the reference every driver is compared with;
// `facts` (if given) gets each page's InnoDB facts.
UnitCrcs reference_unit_crcs(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf,
                             CrcAlg alg, std::vector<PageFacts> *facts = nullptr,
                             const ByteProgress &progress = {});
// The same over bytes in memory (tests).
std::vector<Digest> reference_unit_crcs(std::span<const std::uint8_t> bytes,
                                        const UnitLayout &layout, CrcAlg alg = CrcAlg::crc32c);

// One pass over the input (standard input; a file of -f sum or --check):
// each window to the reference and to every driver. kernel[i] / user[i]:
// the drivers' streams and hashers (either may be empty). A driver's
// seconds are the time spent in its own calls. reference_user: the index
// in `user` of a hasher that runs the reference's own code (user:slice8):
// its CRCs are the reference's, and the same code does not run twice.
struct TeeResult {
    UnitCrcs reference;
    std::vector<UnitCrcs> kernel, user;
    UnitLayout layout; // with the count and size found at the end
};
TeeResult tee_unit_crcs(const InputFile &file, UnitLayout layout, ReadBuffer &buf, CrcAlg alg,
                        const std::vector<HashStream *> &kernel,
                        const std::vector<Crc32cHasher *> &user, const ByteProgress &progress = {},
                        std::optional<std::size_t> reference_user = std::nullopt);

} // namespace crcbench
