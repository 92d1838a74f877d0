// SPDX-License-Identifier: GPL-2.0-only
//
// Reading whole text files (from /proc and test fixtures), writing result
// files, with failures mapped to ToolError (EACCES/EPERM -> permission), and
// an owned file descriptor.
#pragma once

#include "error.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>

namespace crcbench {

std::string read_text_file(const std::string &path);
// The rest of an open stream (stdin), `path` naming it in errors.
std::string read_all(std::FILE *f, const std::string &path);
std::optional<std::string> try_read_text_file(const std::string &path);

// An open file descriptor, closed when it goes (-1: none).
class UniqueFd {
  public:
    explicit UniqueFd(int fd = -1) : fd_(fd) {}
    ~UniqueFd() { reset(); }
    UniqueFd(const UniqueFd &) = delete;
    UniqueFd &operator=(const UniqueFd &) = delete;
    int get() const { return fd_; }
    void reset(int fd = -1) {
        if (fd_ >= 0)
            ::close(fd_);
        fd_ = fd;
    }

  private:
    int fd_;
};

struct FileCloser {
    void operator()(std::FILE *f) const { std::fclose(f); }
};

// Checked at the start, so a path that cannot be written fails before a
// long run; written at the end into a temporary file renamed over it, so a
// failed or interrupted run leaves the previous report intact. A device or
// a pipe (/dev/stdout) is opened at the start and written in place.
class OutputFile {
  public:
    explicit OutputFile(std::string path);
    void write(const std::string &content); // once; closes the file

  private:
    std::string path_;
    std::string target_; // the regular file renamed over (symlinks resolved)
    unsigned mode_ = 0;  // an existing file's permissions (0: a new file)
    std::unique_ptr<std::FILE, FileCloser> file_; // a device or pipe, opened at the start
    bool written_ = false;
};

// Every write to stdout is checked; finish_stdout(), at exit, prints the
// first failure's cause (`> /dev/full`) and turns rc 0 into 7.
void write_stdout(const std::string &text);
void flush_stdout();
int finish_stdout(int rc);

std::optional<OutputFile> open_report(const std::optional<std::string> &path);

// A failure is printed and becomes rc unless rc is not ok already (a
// mismatch's 1 is never hidden behind 7).
void save_report(std::optional<OutputFile> &file, const std::string &content, ExitCode &rc);

} // namespace crcbench
