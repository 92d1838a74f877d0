// SPDX-License-Identifier: GPL-2.0-only
//
// Reading whole text files (from /proc and test fixtures) and writing result
// files, with failures mapped to ToolError (EACCES/EPERM -> permission).
#pragma once

#include "error.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

namespace crcbench {

// Throws ToolError naming `path` and the cause.
std::string read_text_file(const std::string &path);
// The rest of an open stream (stdin), `path` naming it in errors.
std::string read_all(std::FILE *f, const std::string &path);

// nullopt when the file does not exist or cannot be read.
std::optional<std::string> try_read_text_file(const std::string &path);

// Replaces the file's content. Throws ToolError.
void write_text_file(const std::string &path, const std::string &content);

struct FileCloser {
    void operator()(std::FILE *f) const { std::fclose(f); }
};

// A result file checked when the command starts, so a path that cannot be
// written fails before a long run, and written at the end: into a temporary
// file beside it, renamed over it once complete, so a failed, interrupted or
// crashed run leaves the previous report intact. A device or a pipe
// (/dev/stdout) is opened at the start and written in place. Throws
// ToolError naming the path.
class OutputFile {
  public:
    explicit OutputFile(std::string path);
    void write(const std::string &content); // once; closes the file
    const std::string &path() const { return path_; }

  private:
    std::string path_;
    std::string target_; // the regular file renamed over (symlinks resolved)
    unsigned mode_ = 0;  // an existing file's permissions (0: a new file)
    std::unique_ptr<std::FILE, FileCloser> file_; // a device or pipe, opened at the start
    bool written_ = false;
};

// stdout: every write is checked. write_stdout() writes and flushes;
// flush_stdout() flushes what printf wrote; the first failure's cause is
// kept. finish_stdout(), at exit, flushes and closes stdout and, if any
// write failed (`> /dev/full`, a full disk), prints the cause and turns rc
// 0 into 7 (another failure's exit code stays).
void write_stdout(const std::string &text);
void flush_stdout();
int finish_stdout(int rc);

// The report file of an option (--json FILE...), opened at the start; none
// without the option.
std::optional<OutputFile> open_report(const std::optional<std::string> &path);

// Writes a report opened before the run, if any. A failure is printed on
// stderr and becomes rc unless rc already says something else than ok (a
// mismatch's exit code 1 is never hidden behind 7).
void save_report(std::optional<OutputFile> &file, const std::string &content, ExitCode &rc);

} // namespace crcbench
