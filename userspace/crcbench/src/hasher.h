// SPDX-License-Identifier: GPL-2.0-only
//
// A CRC implementation to judge or time: a kernel driver (libkcapi, or a raw
// AF_ALG socket for file data), a software stand-in in the unit tests. Not
// thread-safe: one object per thread. Failures throw ToolError.
#pragma once

#include "crc_alg.h"
#include "file_io.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <sys/types.h>
#include <vector>

struct kcapi_handle;

namespace crcbench {

class Crc32cHasher {
  public:
    virtual ~Crc32cHasher() = default;

    // The crc32c key: the raw initial state (4 bytes little-endian to the
    // kernel), 0xffffffff by default. Only where AlgInfo::keyed.
    virtual void set_seed(std::uint32_t seed) = 0;

    virtual Digest digest(std::span<const std::uint8_t> data) = 0;
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

// One open kernel hash operation that file data is spliced from a pipe (no
// copy through user space) or sent into; the unit tests' one can refuse splice.
class HashStream {
  public:
    virtual ~HashStream() = default;

    // Moves up to n bytes from the pipe into the hash; more: further data of
    // the same message follows. Returns the bytes moved, or -errno.
    virtual ssize_t splice_from(int pipe_read_fd, std::size_t n, bool more) = 0;

    virtual void send(std::span<const std::uint8_t> data, bool more) = 0;
    virtual Digest result() = 0;
};

using HashStreamFactory = std::function<std::unique_ptr<HashStream>(const std::string &driver)>;

// A raw AF_ALG socket pair, not libkcapi: libkcapi only takes user memory
// (its splice path vmsplices it), nothing in it splices from a file.
class AfAlgHashSocket final : public HashStream {
  public:
    explicit AfAlgHashSocket(std::string driver, CrcAlg alg = CrcAlg::crc32c);
    ssize_t splice_from(int pipe_read_fd, std::size_t n, bool more) override;
    void send(std::span<const std::uint8_t> data, bool more) override;
    Digest result() override;

  private:
    std::string driver_;
    CrcAlg alg_;
    UniqueFd tfm_; // bound to the driver
    UniqueFd op_;  // accepted from tfm_: one operation at a time
};

HashStreamFactory afalg_stream_factory(CrcAlg alg = CrcAlg::crc32c);

// A libkcapi handle opened once and reused, so the measuring loop costs only
// the operation's own system calls.
class KcapiHasher final : public Crc32cHasher {
  public:
    // The kernel refuses a new key (EBUSY) once an op socket was accepted,
    // which libkcapi does at the first operation: set_seed after one reopens.
    //
    // splice = true keeps libkcapi's vmsplice + splice for messages of 32 KiB
    // up to its pipe size; false shrinks that pipe to one page, so they go
    // in by one sendmsg (algif_hash maps it without copying either). On
    // 64 KiB pages 32..64 KiB still splice.
    KcapiHasher(std::string driver, bool splice, CrcAlg alg = CrcAlg::crc32c);

    void set_seed(std::uint32_t seed) override;
    Digest digest(std::span<const std::uint8_t> data) override;
    void update(std::span<const std::uint8_t> data) override;
    Digest final() override;

  private:
    struct Closer {
        void operator()(kcapi_handle *h) const;
    };
    void open();
    Digest checked_digest(ssize_t rc, const char *op, std::span<const std::uint8_t> out) const;

    std::string driver_;
    bool splice_;
    CrcAlg alg_;
    bool used_ = false; // an operation ran: the op socket exists
    std::unique_ptr<kcapi_handle, Closer> handle_;
};

HasherFactory kcapi_factory(bool splice, CrcAlg alg = CrcAlg::crc32c);

// Once before any handle: libkcapi's logging off (the tool prints one line
// per error) or, with debug, fully on.
void kcapi_configure_logging(bool debug);

// "libkcapi 1.4.0".
std::string kcapi_library_version();

} // namespace crcbench
