// SPDX-License-Identifier: GPL-2.0-only
//
// A kernel hash driver as a raw AF_ALG socket pair (socket, bind, accept),
// for `file`: its data is spliced from the file through a pipe into the op
// socket. libkcapi is not used here because its public interface only takes
// user memory (kcapi_md_update, and its splice path vmsplices that memory);
// nothing in it splices from a file descriptor. The RAII class owns both
// sockets and closes them.
#pragma once

#include "hash_stream.h"

namespace crcbench {

class AfAlgHashSocket final : public HashStream {
  public:
    // Throws ToolError with the exit code of the cause (no AF_ALG, no
    // algif_hash, unknown driver, permission). alg: what the driver computes
    // (the digest's size and byte order).
    explicit AfAlgHashSocket(std::string driver, CrcAlg alg = CrcAlg::crc32c);
    ~AfAlgHashSocket() override;
    AfAlgHashSocket(const AfAlgHashSocket &) = delete;
    AfAlgHashSocket &operator=(const AfAlgHashSocket &) = delete;

    ssize_t splice_from(int pipe_read_fd, std::size_t n, bool more) override;
    void send(std::span<const std::uint8_t> data, bool more) override;
    Digest result() override;

  private:
    std::string driver_;
    CrcAlg alg_;
    int tfm_ = -1; // bound to the driver
    int op_ = -1;  // accepted from tfm_: one operation at a time
};

HashStreamFactory afalg_stream_factory(CrcAlg alg = CrcAlg::crc32c);

} // namespace crcbench
