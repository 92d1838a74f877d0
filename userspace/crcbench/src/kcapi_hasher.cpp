// SPDX-License-Identifier: GPL-2.0-only
#include "kcapi_hasher.h"

#include "kcapi_errors.h"

#include <kcapi.h>

#include <array>
#include <unistd.h>

namespace crcbench {
namespace {

constexpr std::size_t kDigestSize = 4;

// libkcapi wants a readable pointer even for zero bytes.
const std::uint8_t *data_or_dummy(std::span<const std::uint8_t> data) {
    static const std::uint8_t dummy = 0;
    return data.empty() ? &dummy : data.data();
}

std::uint32_t load_le32(const std::array<std::uint8_t, kDigestSize> &b) {
    return std::uint32_t{b[0]} | (std::uint32_t{b[1]} << 8) | (std::uint32_t{b[2]} << 16) |
           (std::uint32_t{b[3]} << 24);
}

} // namespace

void KcapiHasher::Closer::operator()(kcapi_handle *h) const {
    kcapi_md_destroy(h);
}

KcapiHasher::KcapiHasher(std::string driver, bool splice)
    : driver_(std::move(driver)), splice_(splice) {
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
    std::uint32_t size = kcapi_md_digestsize(raw);
    if (size != kDigestSize)
        throw ToolError(ExitCode::runtime, "'" + driver_ + "' reports a digest size of " +
                                               std::to_string(size) + ", not 4: not crc32c");
    if (!splice_) {
        // Best effort: on failure libkcapi keeps its default, which is correct too.
        long page = sysconf(_SC_PAGESIZE);
        (void)kcapi_set_maxsplicesize(raw, static_cast<unsigned>(page > 0 ? page : 4096));
    }
}

void KcapiHasher::set_seed(std::uint32_t seed) {
    const std::uint8_t key[4] = {
        static_cast<std::uint8_t>(seed), static_cast<std::uint8_t>(seed >> 8),
        static_cast<std::uint8_t>(seed >> 16), static_cast<std::uint8_t>(seed >> 24)};
    if (used_)
        open();
    int rc = kcapi_md_setkey(handle_.get(), key, sizeof key);
    if (rc < 0)
        throw classify_op_error(rc, "setkey", driver_);
}

std::uint32_t KcapiHasher::digest(std::span<const std::uint8_t> data) {
    used_ = true;
    std::array<std::uint8_t, kDigestSize> out{};
    ssize_t rc =
        kcapi_md_digest(handle_.get(), data_or_dummy(data), data.size(), out.data(), out.size());
    if (rc < 0)
        throw classify_op_error(static_cast<int>(rc), "digest", driver_);
    if (rc != static_cast<ssize_t>(kDigestSize))
        throw ToolError(ExitCode::runtime, "digest on '" + driver_ + "' returned " +
                                               std::to_string(rc) + " bytes, not 4");
    return load_le32(out);
}

void KcapiHasher::update(std::span<const std::uint8_t> data) {
    used_ = true;
    ssize_t rc = kcapi_md_update(handle_.get(), data_or_dummy(data), data.size());
    if (rc < 0)
        throw classify_op_error(static_cast<int>(rc), "update", driver_);
}

std::uint32_t KcapiHasher::final() {
    used_ = true;
    std::array<std::uint8_t, kDigestSize> out{};
    ssize_t rc = kcapi_md_final(handle_.get(), out.data(), out.size());
    if (rc < 0)
        throw classify_op_error(static_cast<int>(rc), "final", driver_);
    if (rc != static_cast<ssize_t>(kDigestSize))
        throw ToolError(ExitCode::runtime, "final on '" + driver_ + "' returned " +
                                               std::to_string(rc) + " bytes, not 4");
    return load_le32(out);
}

HasherFactory kcapi_factory(bool splice) {
    return [splice](const std::string &driver) -> std::unique_ptr<Crc32cHasher> {
        return std::make_unique<KcapiHasher>(driver, splice);
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
