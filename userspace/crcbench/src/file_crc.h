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

// One input of `crcbench-alg file`: a regular file opened read-only, or
// standard input ("-"). Nothing is mapped: the engine (file_crc.h) reads it
// in windows into one buffer or splices it, so memory stays bounded and a
// file that shrinks under the tool is an error with a message (exit 8),
// never a SIGBUS.
inline constexpr std::string_view kStdinPath = "-";

class InputFile {
  public:
    // "-": standard input (a stream, read once). Anything else must be a
    // regular file (UsageError otherwise); open errors are ToolError.
    explicit InputFile(std::string path);
    ~InputFile();
    InputFile(const InputFile &) = delete;
    InputFile &operator=(const InputFile &) = delete;

    const std::string &path() const { return path_; }
    int fd() const { return fd_; }
    bool is_stream() const { return stream_; }
    // A regular file: its size when it was opened (the size every pass
    // must find). A stream: 0 (known only at its end).
    std::uint64_t size() const { return size_; }

    // Regular files: throws the file-changed error (exit 8) if the size
    // is no longer the size at open.
    void check_unchanged() const;
    // The file ended `at` bytes in, before the size it had when opened.
    [[noreturn]] void ended_early(std::uint64_t at) const;

    // --drop-cache: writes back dirty pages (fdatasync), then
    // posix_fadvise(POSIX_FADV_DONTNEED) over the whole file, then counts
    // the file's pages still in the page cache (mincore on a mapping that
    // is never touched). Throws ToolError naming the cause if the advice
    // fails or any page is still cached (e.g. tmpfs, a file mapped by
    // another process): a drop that did not happen is never silent.
    void drop_cache() const;

  private:
    std::string path_;
    int fd_ = -1;
    bool stream_ = false;
    std::uint64_t size_ = 0;
};

// The file-changed error (ExitCode::file_changed) for `path`.
[[noreturn]] void throw_file_changed(const std::string &path, std::uint64_t opened_size,
                                     std::uint64_t now_size, const std::string &how);

// Pages of the open file `fd` (of `size` bytes) in the page cache now.
std::uint64_t cached_pages(int fd, std::uint64_t size);

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

// The facts of MariaDB's InnoDB full_crc32 page format (10.5+ default) that
// `crcbench-alg file --innodb` needs, as pure functions: the tablespace flags
// of page 0, and the verdict on one page given the crc32c of its first
// page_size - 4 bytes. The CRC itself comes from whichever driver is being
// measured, so nothing here computes one.
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
inline constexpr std::size_t kMaxPageSize = 65536;  // ssize 7

// What page 0's flags say, or why the tool refuses the file (a message that
// names the flag, its value and what to do).
struct SpaceFlags {
    std::uint32_t raw = 0;
    std::size_t page_size = 0;
    std::optional<std::string> refusal;
};

// Reads FSP_SPACE_FLAGS from the first bytes of page 0 (at least 58 bytes).
std::uint32_t read_space_flags(std::span<const std::uint8_t> page0);

// Interprets the flags: full_crc32 marker set, a valid page size, not
// page_compressed. Anything else: refusal set.
SpaceFlags parse_space_flags(std::uint32_t raw);

enum class PageState { valid, empty, invalid };

// The stored checksum: the page's last 4 bytes, big-endian.
std::uint32_t stored_checksum(std::span<const std::uint8_t> page);

// The page's key version (bytes 0-3, big-endian): non-zero = encrypted.
std::uint32_t key_version(std::span<const std::uint8_t> page);

bool all_zero(std::span<const std::uint8_t> bytes);

// The verdict on one page, given crc = crc32c(first page.size() - 4 bytes)
// as the driver's digest value (the tool's convention: ~state).
PageState check_page(std::span<const std::uint8_t> page, std::uint32_t crc);

} // namespace crcbench::innodb
