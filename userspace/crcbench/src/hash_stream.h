// SPDX-License-Identifier: GPL-2.0-only
//
// One open kernel hash operation that file data can be moved into, either
// spliced from a pipe (no copy through user space) or sent from a buffer.
// The tool's implementation is an AF_ALG op socket (afalg_hash_socket.h);
// the unit tests use a software one that can refuse splice.
#pragma once

#include "crc_alg.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <sys/types.h>

namespace crcbench {

class HashStream {
  public:
    virtual ~HashStream() = default;

    // Moves up to n bytes from the pipe into the hash; more: further data of
    // the same message follows. Returns the bytes moved, or -errno.
    virtual ssize_t splice_from(int pipe_read_fd, std::size_t n, bool more) = 0;

    // Sends bytes (all of them) into the hash; throws ToolError.
    virtual void send(std::span<const std::uint8_t> data, bool more) = 0;

    // Ends the message and returns its digest, decoded as the kernel encodes
    // it (decode_digest; crc32c: the 4 bytes read as little-endian, ~state).
    // Throws ToolError.
    virtual Digest result() = 0;
};

// Opens a fresh hash operation for a driver (throws ToolError).
using HashStreamFactory = std::function<std::unique_ptr<HashStream>(const std::string &driver)>;

} // namespace crcbench
