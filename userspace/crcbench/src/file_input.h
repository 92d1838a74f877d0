// SPDX-License-Identifier: GPL-2.0-only
//
// One input of `crcbench-alg file`: a regular file opened read-only, or
// standard input ("-"). Nothing is mapped: the engine (file_crc.h) reads it
// in windows into one buffer or splices it, so memory stays bounded and a
// file that shrinks under the tool is an error with a message (exit 8),
// never a SIGBUS.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace crcbench {

inline constexpr std::string_view kStdinPath = "-";

class InputFile {
  public:
    // "-": standard input (a stream, read once). Anything else must be a
    // regular file (UsageError otherwise); open errors are ToolError.
    explicit InputFile(std::string path);
    ~InputFile();
    InputFile(const InputFile &) = delete;
    InputFile &operator=(const InputFile &) = delete;

    const std::string &path() const { return path_; }
    int fd() const { return fd_; }
    bool is_stream() const { return stream_; }
    // A regular file: its size when it was opened (the size every pass
    // must find). A stream: 0 (known only at its end).
    std::uint64_t size() const { return size_; }

    // Regular files: throws the file-changed error (exit 8) if the size
    // is no longer the size at open.
    void check_unchanged() const;
    // The file ended `at` bytes in, before the size it had when opened.
    [[noreturn]] void ended_early(std::uint64_t at) const;

    // --drop-cache: writes back dirty pages (fdatasync), then
    // posix_fadvise(POSIX_FADV_DONTNEED) over the whole file, then counts
    // the file's pages still in the page cache (mincore on a mapping that
    // is never touched). Throws ToolError naming the cause if the advice
    // fails or any page is still cached (e.g. tmpfs, a file mapped by
    // another process): a drop that did not happen is never silent.
    void drop_cache() const;

  private:
    std::string path_;
    int fd_ = -1;
    bool stream_ = false;
    std::uint64_t size_ = 0;
};

// The file-changed error (ExitCode::file_changed) for `path`.
[[noreturn]] void throw_file_changed(const std::string &path, std::uint64_t opened_size,
                                     std::uint64_t now_size, const std::string &how);

// Pages of the open file `fd` (of `size` bytes) in the page cache now.
std::uint64_t cached_pages(int fd, std::uint64_t size);

} // namespace crcbench
