// SPDX-License-Identifier: GPL-2.0-only
#include "file_input.h"

#include "error.h"
#include "kcapi_errors.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace crcbench {
namespace {

// mincore is asked about this much of the file per mapping: a large file
// needs no large piece of address space.
constexpr std::uint64_t kMincoreWindow = std::uint64_t{64} << 20;

} // namespace

InputFile::InputFile(std::string path) : path_(std::move(path)) {
    if (path_ == kStdinPath) {
        fd_ = STDIN_FILENO;
        stream_ = true;
        return;
    }
    fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0)
        throw_file_error("open", path_, errno);
    struct stat st {};
    if (::fstat(fd_, &st) < 0) {
        int e = errno;
        ::close(fd_);
        throw_file_error("stat", path_, e);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd_);
        throw UsageError(path_ + " is not a regular file (file hashes regular files; for a pipe or "
                                 "device give '-' and redirect it to standard input)");
    }
    size_ = static_cast<std::uint64_t>(st.st_size);
}

InputFile::~InputFile() {
    if (!stream_ && fd_ >= 0)
        ::close(fd_);
}

void throw_file_changed(const std::string &path, std::uint64_t opened_size, std::uint64_t now_size,
                        const std::string &how) {
    throw ToolError(ExitCode::file_changed,
                    path + " changed size while being hashed: " + std::to_string(opened_size) +
                        " bytes when opened, " + how + " " + std::to_string(now_size) +
                        " (written to, truncated or rotated during the run); its CRCs would "
                        "mean nothing: hash a copy or snapshot that nothing writes to");
}

void InputFile::check_unchanged() const {
    if (stream_)
        return;
    struct stat st {};
    if (::fstat(fd_, &st) < 0)
        throw_file_error("stat", path_, errno);
    auto now = static_cast<std::uint64_t>(st.st_size);
    if (now != size_)
        throw_file_changed(path_, size_, now, "now");
}

void InputFile::ended_early(std::uint64_t at) const {
    struct stat st {};
    std::uint64_t now = ::fstat(fd_, &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : at;
    throw_file_changed(path_, size_, now,
                       "ended after " + std::to_string(at) + " bytes had been read, now");
}

std::uint64_t cached_pages(int fd, std::uint64_t size) {
    const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    std::uint64_t cached = 0;
    std::vector<unsigned char> vec;
    for (std::uint64_t at = 0; at < size; at += kMincoreWindow) {
        std::uint64_t len = std::min(kMincoreWindow, size - at);
        void *p = ::mmap(nullptr, len, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(at));
        if (p == MAP_FAILED)
            throw ToolError(ExitCode::runtime,
                            "cannot map the file to count its cached pages: " + errno_text(errno));
        vec.assign((len + page - 1) / page, 0);
        int rc = ::mincore(p, len, vec.data());
        int e = errno;
        ::munmap(p, len);
        if (rc != 0)
            throw ToolError(ExitCode::runtime, "mincore: " + errno_text(e));
        cached += static_cast<std::uint64_t>(
            std::count_if(vec.begin(), vec.end(), [](unsigned char v) { return v & 1; }));
    }
    return cached;
}

void InputFile::drop_cache() const {
    if (stream_)
        throw UsageError("--drop-cache: standard input is read once and has no page cache to "
                         "drop; give a regular file, or leave out --drop-cache");
    // Dirty pages are not dropped: write them back first.
    if (::fdatasync(fd_) != 0 && errno != EINVAL && errno != EROFS)
        throw_file_error("write back (fdatasync)", path_, errno);
    int rc = ::posix_fadvise(fd_, 0, 0, POSIX_FADV_DONTNEED);
    if (rc != 0)
        throw ToolError(ExitCode::runtime, "--drop-cache: posix_fadvise(POSIX_FADV_DONTNEED) on " +
                                               path_ + " failed: " + errno_text(rc) +
                                               "; leave out --drop-cache on this filesystem");
    std::uint64_t left = cached_pages(fd_, size_);
    if (left != 0)
        throw ToolError(ExitCode::runtime,
                        "--drop-cache: " + std::to_string(left) + " page(s) of " + path_ +
                            " still in the page cache after POSIX_FADV_DONTNEED (a tmpfs or "
                            "ramfs file, whose data is its page cache, or pages mapped or "
                            "read by another process); put the file on a disk filesystem, "
                            "or leave out --drop-cache");
}

} // namespace crcbench
