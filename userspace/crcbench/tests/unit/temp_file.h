// SPDX-License-Identifier: GPL-2.0-only
//
// Test files for the file-mode tests: made in the working directory, which
// CTest sets to the build tree (on disk; the --drop-cache test needs a file
// system whose pages can be dropped, which a tmpfs /tmp is not).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace crcbench::tst {

// n pseudo-random bytes, the same for the same seed.
inline std::vector<std::uint8_t> random_bytes(std::size_t n, unsigned seed) {
    std::vector<std::uint8_t> v(n);
    std::mt19937 rng(seed);
    for (auto &b : v)
        b = static_cast<std::uint8_t>(rng());
    return v;
}

// A file holding bytes, removed at the end.
class TempFile {
  public:
    explicit TempFile(const std::vector<std::uint8_t> &bytes) {
        char name[] = "crcbench-test-file.XXXXXX";
        int fd = mkstemp(name);
        if (fd < 0)
            throw std::runtime_error("mkstemp failed");
        path_ = name;
        std::size_t done = 0;
        while (done < bytes.size()) {
            ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
            if (n <= 0) {
                ::close(fd);
                std::remove(name);
                throw std::runtime_error("write failed");
            }
            done += static_cast<std::size_t>(n);
        }
        ::close(fd);
    }
    ~TempFile() { std::remove(path_.c_str()); }
    TempFile(const TempFile &) = delete;
    TempFile &operator=(const TempFile &) = delete;
    const std::string &path() const { return path_; }

  private:
    std::string path_;
};

} // namespace crcbench::tst
