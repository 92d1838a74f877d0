// SPDX-License-Identifier: GPL-2.0-only
//
// An owning, aligned, zero-initialised byte buffer (allocated once, outside
// any measuring loop).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <span>

namespace crcbench {

class AlignedBuffer {
  public:
    AlignedBuffer() = default;
    AlignedBuffer(std::size_t size, std::size_t alignment) : size_(size) {
        std::size_t rounded = (size + alignment - 1) / alignment * alignment;
        if (rounded == 0)
            rounded = alignment;
        void *p = std::aligned_alloc(alignment, rounded);
        if (p == nullptr)
            throw std::bad_alloc();
        data_.reset(static_cast<std::uint8_t *>(p));
        std::fill_n(data_.get(), rounded, std::uint8_t{0});
    }

    std::uint8_t *data() { return data_.get(); }
    const std::uint8_t *data() const { return data_.get(); }
    std::size_t size() const { return size_; }
    std::span<std::uint8_t> span() { return {data_.get(), size_}; }
    std::span<std::uint8_t> subspan(std::size_t offset, std::size_t length) {
        return span().subspan(offset, length);
    }

  private:
    struct Free {
        void operator()(std::uint8_t *p) const { std::free(p); }
    };
    std::unique_ptr<std::uint8_t, Free> data_;
    std::size_t size_ = 0;
};

} // namespace crcbench
