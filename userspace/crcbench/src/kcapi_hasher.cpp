// SPDX-License-Identifier: GPL-2.0-only
#include "hasher.h"

#include "error.h"

#include <kcapi.h>

#include <array>
#include <unistd.h>

namespace crcbench {
namespace {

// The largest digest of the algorithms (crc64-rocksoft).
constexpr std::size_t kMaxDigestSize = 8;

// libkcapi wants a readable pointer even for zero bytes.
const std::uint8_t *data_or_dummy(std::span<const std::uint8_t> data) {
    static const std::uint8_t dummy = 0;
    return data.empty() ? &dummy : data.data();
}

} // namespace

void KcapiHasher::Closer::operator()(kcapi_handle *h) const {
    kcapi_md_destroy(h);
}

KcapiHasher::KcapiHasher(std::string driver, bool splice, CrcAlg alg)
    : driver_(std::move(driver)), splice_(splice), alg_(alg) {
    open();
}

void KcapiHasher::open() {
    handle_.reset();
    used_ = false;
    kcapi_handle *raw = nullptr;
    int rc = kcapi_md_init(&raw, driver_.c_str(), 0);
    if (rc < 0 || raw == nullptr)
        throw classify_init_error(rc < 0 ? rc : -EINVAL, driver_);
    handle_.reset(raw);
    const AlgInfo &info = alg_info(alg_);
    std::uint32_t size = kcapi_md_digestsize(raw);
    if (size != info.digest_size)
        throw ToolError(ExitCode::runtime, "'" + driver_ + "' reports a digest size of " +
                                               std::to_string(size) + ", not " +
                                               std::to_string(info.digest_size) + ": not " +
                                               std::string(info.name));
    if (!splice_) {
        // Best effort: on failure libkcapi keeps its default, which is correct too.
        long page = sysconf(_SC_PAGESIZE);
        (void)kcapi_set_maxsplicesize(raw, static_cast<unsigned>(page > 0 ? page : 4096));
    }
}

void KcapiHasher::set_seed(std::uint32_t seed) {
    std::uint8_t key[4]; // little-endian, as crc32c's digest
    encode_digest(CrcAlg::crc32c, seed, key);
    if (used_)
        open();
    int rc = kcapi_md_setkey(handle_.get(), key, sizeof key);
    if (rc < 0)
        throw classify_op_error(rc, "setkey", driver_);
}

Digest KcapiHasher::digest(std::span<const std::uint8_t> data) {
    used_ = true;
    std::array<std::uint8_t, kMaxDigestSize> out{};
    const std::size_t size = alg_info(alg_).digest_size;
    ssize_t rc = kcapi_md_digest(handle_.get(), data_or_dummy(data), data.size(), out.data(), size);
    return checked_digest(rc, "digest", out);
}

void KcapiHasher::update(std::span<const std::uint8_t> data) {
    used_ = true;
    ssize_t rc = kcapi_md_update(handle_.get(), data_or_dummy(data), data.size());
    if (rc < 0)
        throw classify_op_error(static_cast<int>(rc), "update", driver_);
}

Digest KcapiHasher::final() {
    used_ = true;
    std::array<std::uint8_t, kMaxDigestSize> out{};
    ssize_t rc = kcapi_md_final(handle_.get(), out.data(), alg_info(alg_).digest_size);
    return checked_digest(rc, "final", out);
}

Digest KcapiHasher::checked_digest(ssize_t rc, const char *op,
                                   std::span<const std::uint8_t> out) const {
    const std::size_t size = alg_info(alg_).digest_size;
    if (rc < 0)
        throw classify_op_error(static_cast<int>(rc), op, driver_);
    if (rc != static_cast<ssize_t>(size))
        throw ToolError(ExitCode::runtime, std::string(op) + " on '" + driver_ + "' returned " +
                                               std::to_string(rc) + " bytes, not " +
                                               std::to_string(size));
    return decode_digest(alg_, out.first(size));
}

HasherFactory kcapi_factory(bool splice, CrcAlg alg) {
    return [splice, alg](const std::string &driver) -> std::unique_ptr<Crc32cHasher> {
        return std::make_unique<KcapiHasher>(driver, splice, alg);
    };
}

void kcapi_configure_logging(bool debug) {
    kcapi_set_verbosity(debug ? KCAPI_LOG_DEBUG : KCAPI_LOG_NONE);
}

std::string kcapi_library_version() {
    char buf[64] = {};
    kcapi_versionstring(buf, sizeof buf);
    return buf;
}

} // namespace crcbench
