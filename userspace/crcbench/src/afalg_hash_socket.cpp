// SPDX-License-Identifier: GPL-2.0-only
#include "hasher.h"

#include "error.h"

#include <linux/if_alg.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

namespace crcbench {

AfAlgHashSocket::AfAlgHashSocket(std::string driver, CrcAlg alg)
    : driver_(std::move(driver)), alg_(alg) {
    sockaddr_alg sa{};
    sa.salg_family = AF_ALG;
    std::memcpy(sa.salg_type, "hash", 5);
    if (driver_.size() >= sizeof sa.salg_name)
        throw classify_init_error(-ENAMETOOLONG, driver_);
    std::memcpy(sa.salg_name, driver_.c_str(), driver_.size() + 1);
    tfm_.reset(::socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0));
    if (tfm_.get() < 0)
        throw classify_init_error(-errno, driver_);
    if (::bind(tfm_.get(), reinterpret_cast<const sockaddr *>(&sa), sizeof sa) < 0)
        throw classify_init_error(-errno, driver_);
    op_.reset(::accept(tfm_.get(), nullptr, nullptr));
    if (op_.get() < 0)
        throw classify_init_error(-errno, driver_);
}

ssize_t AfAlgHashSocket::splice_from(int pipe_read_fd, std::size_t n, bool more) {
    ssize_t rc = ::splice(pipe_read_fd, nullptr, op_.get(), nullptr, n, more ? SPLICE_F_MORE : 0);
    return rc < 0 ? -errno : rc;
}

void AfAlgHashSocket::send(std::span<const std::uint8_t> data, bool more) {
    static const std::uint8_t none = 0;
    do {
        ssize_t rc =
            ::send(op_.get(), data.empty() ? &none : data.data(), data.size(), more ? MSG_MORE : 0);
        if (rc < 0) {
            if (errno == EINTR)
                continue;
            throw classify_op_error(-errno, "send", driver_);
        }
        data = data.subspan(static_cast<std::size_t>(rc));
    } while (!data.empty());
}

Digest AfAlgHashSocket::result() {
    const std::size_t size = alg_info(alg_).digest_size;
    std::uint8_t out[8] = {};
    ssize_t rc;
    do
        rc = ::read(op_.get(), out, size);
    while (rc < 0 && errno == EINTR);
    if (rc < 0)
        throw classify_op_error(-errno, "read of the digest", driver_);
    if (rc != static_cast<ssize_t>(size))
        throw ToolError(ExitCode::runtime, "the digest of '" + driver_ + "' has " +
                                               std::to_string(rc) + " bytes, not " +
                                               std::to_string(size));
    return decode_digest(alg_, std::span<const std::uint8_t>(out, size));
}

HashStreamFactory afalg_stream_factory(CrcAlg alg) {
    return
        [alg](const std::string &driver) { return std::make_unique<AfAlgHashSocket>(driver, alg); };
}

} // namespace crcbench
