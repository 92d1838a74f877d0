// SPDX-License-Identifier: GPL-2.0-only
//
// The engine of `crcbench-alg file`: a file opened and mapped read-only,
// cut into units (the whole file, or one unit per page), and the CRC (of the
// --alg algorithm) of each unit through one driver, timed:
//  * kernel drivers: splice(2) file -> pipe -> hash stream (AF_ALG op
//    socket), SPLICE_F_MORE until a unit's last piece; if the kernel
//    refuses the splice (EINVAL, ENOSYS, EOPNOTSUPP...), the pass starts
//    again with pread + send, and the reason is recorded;
//  * user: drivers and the reference: straight from the mapping.
#pragma once

#include "hash_stream.h"
#include "hasher.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// A regular file opened and mapped read-only (RAII). Throws ToolError.
class MappedFile {
  public:
    explicit MappedFile(std::string path);
    ~MappedFile();
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;

    const std::string &path() const { return path_; }
    int fd() const { return fd_; }
    std::uint64_t size() const { return size_; }
    std::span<const std::uint8_t> bytes() const { return {data_, size_}; }

  private:
    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
    const std::uint8_t *data_ = nullptr;
};

// Unit i is `length` bytes at offset i * stride.
struct UnitLayout {
    std::uint64_t count = 1;
    std::uint64_t stride = 0;
    std::uint64_t length = 0;

    static UnitLayout whole(std::uint64_t size) { return {1, size, size}; }
    // One unit per page; `trailer` bytes at each page end are left out.
    static UnitLayout pages(std::uint64_t size, std::uint64_t page, std::uint64_t trailer = 0) {
        return {size / page, page, page - trailer};
    }
};

enum class Transfer { splice, read, mmap };
std::string_view transfer_name(Transfer t); // "splice", "read", "mmap"

struct UnitCrcs {
    std::vector<Digest> crcs; // one per unit, decoded as decode_digest does
    Transfer transfer = Transfer::mmap;
    std::optional<std::string> transfer_note; // why splice was not used
    double seconds = 0;
};

// Called with the bytes hashed so far and the total.
using ByteProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// splice() for a given errno means "this kernel cannot splice this way":
// fall back to read + send. Other errors are errors.
bool splice_unsupported(int positive_errno);

// Through a kernel hash stream (a fresh one per attempt from `open`).
UnitCrcs kernel_unit_crcs(const MappedFile &file, const UnitLayout &layout,
                          const std::function<std::unique_ptr<HashStream>()> &open,
                          const std::string &driver, const ByteProgress &progress = {});

// Through a userspace hasher, from the mapping (transfer mmap).
UnitCrcs user_unit_crcs(const MappedFile &file, const UnitLayout &layout, Crc32cHasher &hasher,
                        const ByteProgress &progress = {});

// The tool's table code: the reference every driver is compared with.
std::vector<Digest> reference_unit_crcs(std::span<const std::uint8_t> bytes,
                                        const UnitLayout &layout, CrcAlg alg = CrcAlg::crc32c);

} // namespace crcbench
