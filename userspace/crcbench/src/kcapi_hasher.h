// SPDX-License-Identifier: GPL-2.0-only
//
// The kernel's crc32c through AF_ALG, via libkcapi: an owning (RAII) handle
// that is opened once and reused for every operation, so the measuring loop
// costs only the system calls of the operation itself.
#pragma once

#include "hasher.h"

#include <memory>
#include <string>

struct kcapi_handle;

namespace crcbench {

class KcapiHasher final : public Crc32cHasher {
  public:
    // Opens the driver (socket, bind, accept, NETLINK_CRYPTO query inside
    // libkcapi). Throws ToolError with the mapped exit code.
    explicit KcapiHasher(std::string driver);

    void set_seed(std::uint32_t seed) override;
    std::uint32_t digest(std::span<const std::uint8_t> data) override;
    void update(std::span<const std::uint8_t> data) override;
    std::uint32_t final() override;

    const std::string &driver() const { return driver_; }

  private:
    struct Closer {
        void operator()(kcapi_handle *h) const;
    };
    std::string driver_;
    std::unique_ptr<kcapi_handle, Closer> handle_;
};

// A factory for the real thing.
HasherFactory kcapi_factory();

// Library-wide settings, once before any handle: libkcapi's own logging off
// (the tool prints one clear line per error) or, with debug, fully on.
void kcapi_configure_logging(bool debug);

// "libkcapi 1.4.0".
std::string kcapi_library_version();

} // namespace crcbench
