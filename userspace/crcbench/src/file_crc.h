// SPDX-License-Identifier: GPL-2.0-only
//
// The engine of `crcbench-alg file`: an input cut into units (the whole
// file, or pages) and the CRC of each unit through one driver, timed.
// Nothing is mapped, so memory stays bounded and a file that shrinks under
// the tool is the file-changed error (exit 8), never a SIGBUS. Kernel
// drivers get splice(2) file -> pipe -> AF_ALG, or pread + send where the
// kernel refuses the splice (the reason recorded).
#pragma once

#include "hasher.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace crcbench {

inline constexpr std::string_view kStdinPath = "-";

class InputFile {
  public:
    // "-": standard input (a stream, read once); else a regular file.
    explicit InputFile(std::string path);

    const std::string &path() const { return path_; }
    int fd() const { return is_stream() ? STDIN_FILENO : owned_.get(); }
    bool is_stream() const { return owned_.get() < 0; }
    // At open (every pass must find it); 0 for a stream.
    std::uint64_t size() const { return size_; }

    void check_unchanged() const;
    [[noreturn]] void ended_early(std::uint64_t at) const;

    // fdatasync, POSIX_FADV_DONTNEED, then mincore: throws if any page is
    // still cached (tmpfs, a file mapped elsewhere): never a silent no-op.
    void drop_cache() const;

  private:
    std::string path_;
    UniqueFd owned_; // not standard input's
    std::uint64_t size_ = 0;
};

std::uint64_t cached_pages(int fd, std::uint64_t size);

// Unit i is `length` bytes at offset i * stride; the stride - length bytes
// after it (InnoDB's checksum trailer) belong to no unit.
struct UnitLayout {
    std::uint64_t count = 1;
    std::uint64_t stride = 0;
    std::uint64_t length = 0;
    bool whole_file = true; // a stream's size is known at its end

    static UnitLayout whole(std::uint64_t size) { return {1, size, size, true}; }
    static UnitLayout pages(std::uint64_t size, std::uint64_t page, std::uint64_t trailer = 0) {
        return {size / page, page, page - trailer, false};
    }
};

enum class Transfer { splice, read };
std::string_view transfer_name(Transfer t);

inline constexpr std::size_t kReadWindow = std::size_t{1} << 20;
class ReadBuffer {
  public:
    explicit ReadBuffer(std::size_t bytes = kReadWindow) : bytes_(bytes) {}
    std::span<std::uint8_t> span() { return bytes_; }

  private:
    std::vector<std::uint8_t> bytes_;
};

struct PageFacts {
    std::uint32_t stored = 0;      // the last 4 bytes, big-endian
    std::uint32_t key_version = 0; // bytes 0-3, big-endian
    bool all_zero = true;
};

struct UnitCrcs {
    std::vector<Digest> crcs; // one per unit
    Transfer transfer = Transfer::read;
    std::optional<std::string> transfer_note; // why splice was not used
    double seconds = 0;
    std::uint64_t bytes_read = 0; // of the input, trailers included
};

// total 0: unknown (a stream).
using ByteProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// splice() for a given errno means "this kernel cannot splice this way":
// fall back to read + send. Other errors are errors.
bool splice_unsupported(int positive_errno);

// `open` gives a fresh stream per attempt.
UnitCrcs kernel_unit_crcs(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf,
                          const std::function<std::unique_ptr<HashStream>()> &open,
                          const std::string &driver, const ByteProgress &progress = {});

UnitCrcs user_unit_crcs(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf,
                        Crc32cHasher &hasher, const ByteProgress &progress = {});

// The tool's table code, the judge of every driver.
UnitCrcs reference_unit_crcs(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf,
                             CrcAlg alg, std::vector<PageFacts> *facts = nullptr,
                             const ByteProgress &progress = {});
std::vector<Digest> reference_unit_crcs(std::span<const std::uint8_t> bytes,
                                        const UnitLayout &layout, CrcAlg alg = CrcAlg::crc32c);

// One read pass (stdin, -f sum, --check): each window to the reference and
// every driver; a driver's seconds are those of its own calls.
// reference_user: the hasher in `user` that runs the reference's own code
// (user:slice8), so that code does not run twice.
struct TeeResult {
    UnitCrcs reference;
    std::vector<UnitCrcs> kernel, user;
    UnitLayout layout; // with the count and size found at the end
};
TeeResult tee_unit_crcs(const InputFile &file, UnitLayout layout, ReadBuffer &buf, CrcAlg alg,
                        const std::vector<std::unique_ptr<HashStream>> &kernel,
                        const std::vector<std::unique_ptr<Crc32cHasher>> &user,
                        const ByteProgress &progress = {},
                        std::optional<std::size_t> reference_user = std::nullopt);

} // namespace crcbench

// MariaDB's InnoDB full_crc32 page format (10.5+ default), as pure
// functions; the CRC comes from the driver being measured.
//
// Format facts (MariaDB storage/innobase/include/fsp0types.h, fil0fil.h):
//  * FSP_SPACE_FLAGS: 4 bytes big-endian at byte 54 of page 0
//    (FSP_HEADER_OFFSET 38 + FSP_SPACE_FLAGS 16).
//  * full_crc32 flags: bits 0-3 PAGE_SSIZE (page size = 512 << ssize, valid
//    3..7: 4K..64K), bit 4 the full_crc32 MARKER, bits 5-7 the
//    page_compressed algorithm (0: not page_compressed).
//  * Checksum: the last 4 bytes of the page, big-endian, are the crc32c
//    (standard: init ~0, final xor ~0) of the page's other bytes.
//  * Encryption: bytes 0-3 of a page hold its key version
//    (FIL_PAGE_FCRC32_KEY_VERSION); 0 for a page that is not encrypted.
//  * A page of nothing but zero bytes was never written: it is "empty" and
//    not checked (innochecksum skips it too; tests/host/innodb-real.sh
//    checks that against innochecksum itself).
namespace crcbench::innodb {

inline constexpr std::size_t kFlagsOffset = 54;     // FSP_HEADER_OFFSET + FSP_SPACE_FLAGS
inline constexpr std::size_t kKeyVersionOffset = 0; // FIL_PAGE_FCRC32_KEY_VERSION
inline constexpr std::size_t kChecksumSize = 4;     // FIL_PAGE_FCRC32_CHECKSUM
inline constexpr std::uint32_t kSsizeMask = 0xfu;   // FSP_FLAGS_FCRC32_MASK_PAGE_SSIZE
inline constexpr std::uint32_t kMarker = 1u << 4;   // FSP_FLAGS_FCRC32_MASK_MARKER
inline constexpr unsigned kCompressedAlgoShift = 5; // FSP_FLAGS_FCRC32_POS_COMPRESSED_ALGO
inline constexpr std::size_t kMinPageSize = 4096;   // ssize 3

// refusal: why the tool refuses the file (the flag, its value, what to do).
struct SpaceFlags {
    std::uint32_t raw = 0;
    std::size_t page_size = 0;
    std::optional<std::string> refusal;
};

std::uint32_t read_space_flags(std::span<const std::uint8_t> page0);
SpaceFlags parse_space_flags(std::uint32_t raw);

} // namespace crcbench::innodb
