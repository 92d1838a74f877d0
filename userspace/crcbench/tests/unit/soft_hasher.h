// SPDX-License-Identifier: GPL-2.0-only
//
// Software stand-ins for kernel drivers in the unit tests: a correct one
// (state machine like an AF_ALG hash socket) and deliberately wrong variants.
#pragma once

#include "crc32c_reference.h"
#include "hasher.h"

#include <functional>
#include <memory>
#include <string>

namespace crcbench::tst {

// fault(total_length, result) may corrupt the result.
using Fault = std::function<std::uint32_t(std::size_t, std::uint32_t)>;

class SoftHasher : public Crc32cHasher {
  public:
    explicit SoftHasher(Fault fault = {}) : fault_(std::move(fault)) {}

    void set_seed(std::uint32_t seed) override { key_ = seed; }
    Digest digest(std::span<const std::uint8_t> data) override {
        ++digests;
        return apply(data.size(), ~crc32c_ref::update(key_, data));
    }
    void update(std::span<const std::uint8_t> data) override {
        if (!open_) {
            state_ = key_;
            length_ = 0;
            open_ = true;
        }
        state_ = crc32c_ref::update(state_, data);
        length_ += data.size();
        ++updates;
    }
    Digest final() override {
        if (!open_) {
            state_ = key_;
            length_ = 0;
        }
        open_ = false;
        ++finals;
        return apply(length_, ~state_);
    }

    int digests = 0, updates = 0, finals = 0;

  private:
    std::uint32_t apply(std::size_t len, std::uint32_t v) { return fault_ ? fault_(len, v) : v; }
    Fault fault_;
    std::uint32_t key_ = 0xFFFFFFFFu;
    std::uint32_t state_ = 0;
    std::size_t length_ = 0;
    bool open_ = false;
};

// Drivers named "*-broken" flip a bit for messages of 4096 bytes or more
// (past testmgr's vectors, like the guest's crc32c-broken module).
inline HasherFactory soft_factory() {
    return [](const std::string &driver) -> std::unique_ptr<Crc32cHasher> {
        if (driver.ends_with("-broken"))
            return std::make_unique<SoftHasher>(
                [](std::size_t len, std::uint32_t v) { return len >= 4096 ? v ^ 1u : v; });
        return std::make_unique<SoftHasher>();
    };
}

} // namespace crcbench::tst
