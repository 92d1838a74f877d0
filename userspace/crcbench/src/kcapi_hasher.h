// SPDX-License-Identifier: GPL-2.0-only
//
// A kernel CRC driver (crc32c, crct10dif or crc64-rocksoft) through AF_ALG,
// via libkcapi: an owning (RAII) handle that is opened once and reused for
// every operation, so the measuring loop costs only the system calls of the
// operation itself.
#pragma once

#include "hasher.h"

#include <memory>
#include <string>
#include <sys/types.h>

struct kcapi_handle;

namespace crcbench {

class KcapiHasher final : public Crc32cHasher {
  public:
    // The kernel refuses a new key (EBUSY) on a tfm socket once an op socket
    // has been accepted from it, and libkcapi accepts at the first
    // operation. So set_seed after an operation reopens the handle first;
    // the measuring loop never changes keys and is not affected.
    //
    // Opens the driver (socket, bind and a NETLINK_CRYPTO query inside
    // libkcapi; accept follows at the first operation). Throws ToolError with
    // the mapped exit code.
    //
    // splice = true keeps libkcapi's default: messages of 32 KiB up to its
    // pipe size go in by vmsplice + splice (2 system calls). false shrinks
    // that pipe to one page, so such messages go in by one sendmsg, which
    // algif_hash also maps without copying: one system call fewer. (On 64 KiB
    // pages the pipe cannot be smaller than 64 KiB: 32..64 KiB still splice.)
    //
    // alg: the algorithm the driver must compute (its digest size is
    // checked at open, its digest bytes decoded by decode_digest).
    KcapiHasher(std::string driver, bool splice, CrcAlg alg = CrcAlg::crc32c);

    void set_seed(std::uint32_t seed) override;
    Digest digest(std::span<const std::uint8_t> data) override;
    void update(std::span<const std::uint8_t> data) override;
    Digest final() override;

    const std::string &driver() const { return driver_; }

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

// A factory for the real thing.
HasherFactory kcapi_factory(bool splice, CrcAlg alg = CrcAlg::crc32c);

// Library-wide settings, once before any handle: libkcapi's own logging off
// (the tool prints one clear line per error) or, with debug, fully on.
void kcapi_configure_logging(bool debug);

// "libkcapi 1.4.0".
std::string kcapi_library_version();

} // namespace crcbench
