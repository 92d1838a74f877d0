// SPDX-License-Identifier: GPL-2.0-only
//
// Reading whole text files (from /proc and test fixtures) and writing result
// files, with failures mapped to ToolError (EACCES/EPERM -> permission).
#pragma once

#include "exit_codes.h"

#include <cstdio>
#include <optional>
#include <string>

namespace crcbench {

// Throws ToolError naming `path` and the cause.
std::string read_text_file(const std::string &path);

// nullopt when the file does not exist or cannot be read.
std::optional<std::string> try_read_text_file(const std::string &path);

// Replaces the file's content. Throws ToolError.
void write_text_file(const std::string &path, const std::string &content);

// A result file opened (created, truncated) when the command starts, so a
// path that cannot be written fails before a long run, and written at the
// end. Throws ToolError naming the path.
class OutputFile {
  public:
    explicit OutputFile(std::string path);
    OutputFile(OutputFile &&) noexcept;
    OutputFile &operator=(OutputFile &&) noexcept;
    ~OutputFile();
    void write(const std::string &content); // once; closes the file
    const std::string &path() const { return path_; }

  private:
    std::string path_;
    std::FILE *file_ = nullptr;
};

// Writes a report opened before the run, if any. A failure is printed on
// stderr and becomes rc unless rc already says something else than ok (a
// mismatch's exit code 1 is never hidden behind 7).
void save_report(std::optional<OutputFile> &file, const std::string &content, ExitCode &rc);

} // namespace crcbench
