// SPDX-License-Identifier: GPL-2.0-only
#include "file_plan.h"

#include "error.h"
#include "innodb_pages.h"
#include "kcapi_errors.h"
#include "units.h"

#include <array>
#include <cerrno>
#include <unistd.h>

namespace crcbench {
namespace {

std::string size_text(std::uint64_t n) {
    return std::to_string(n) + " bytes";
}

// The first bytes of page 0 (FSP_SPACE_FLAGS), by pread: nothing is mapped.
std::uint32_t space_flags_of(const InputFile &file) {
    std::array<std::uint8_t, innodb::kFlagsOffset + 4> head{};
    std::size_t got = 0;
    while (got < head.size()) {
        ssize_t n =
            ::pread(file.fd(), head.data() + got, head.size() - got, static_cast<off_t>(got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw_file_error("read", file.path(), errno);
        if (n == 0)
            file.ended_early(got);
        got += static_cast<std::size_t>(n);
    }
    return innodb::read_space_flags(head);
}

} // namespace

PreparedFile prepare_file(const std::string &path, const FileOptions &f) {
    PreparedFile p;
    p.file = std::make_unique<InputFile>(path);
    std::uint64_t size = p.file->size();
    p.page_size = f.page_size;
    if (p.file->is_stream()) { // cut as it comes; checked at its end
        if (f.innodb)          // the command line refuses this already
            throw UsageError("--innodb needs a regular file, not standard input");
        p.layout = f.page_size ? UnitLayout::pages(0, *f.page_size) : UnitLayout::whole(0);
        return p;
    }
    if (f.innodb) {
        innodb::SpaceFlags flags = innodb::parse_space_flags(
            size >= innodb::kFlagsOffset + 4 ? space_flags_of(*p.file) : 0);
        if (size < innodb::kMinPageSize)
            throw UsageError(path + ": " + size_text(size) +
                             ", shorter than one InnoDB page (4K): not a tablespace");
        if (flags.refusal)
            throw UsageError(path + ": not checked: " + *flags.refusal);
        if (f.page_size && *f.page_size != flags.page_size)
            throw UsageError(path + ": --page-size " + format_size(*f.page_size) +
                             " disagrees with page 0, whose FSP_SPACE_FLAGS " +
                             format_hex32(flags.raw) + " say " + format_size(flags.page_size) +
                             "; drop --page-size or correct it");
        p.page_size = flags.page_size;
        p.innodb_flags = flags.raw;
    }
    if (p.page_size) {
        std::uint64_t ps = *p.page_size;
        if (size % ps != 0)
            throw UsageError(path + ": " + size_text(size) +
                             " is not a multiple of the page size " + format_size(ps) + " (" +
                             std::to_string(size / ps) + " pages and " + std::to_string(size % ps) +
                             " bytes): a truncated or partly copied file, or the wrong "
                             "--page-size");
        p.layout = UnitLayout::pages(size, ps, f.innodb ? innodb::kChecksumSize : 0);
    } else {
        p.layout = UnitLayout::whole(size);
    }
    return p;
}

InnodbSummary judge_pages(const std::vector<PageFacts> &pages, const std::vector<Digest> &crcs) {
    InnodbSummary s;
    for (std::size_t i = 0; i < crcs.size() && i < pages.size(); ++i) {
        const PageFacts &p = pages[i];
        // As innodb::check_page: only an all-zero page is empty; crc32c
        // only (--innodb refuses any other --alg): the low 32 bits.
        if (p.stored == 0 && p.all_zero) {
            ++s.empty;
        } else if (p.stored == static_cast<std::uint32_t>(crcs[i])) {
            ++s.valid;
        } else {
            ++s.invalid;
            s.invalid_pages.push_back(i);
        }
    }
    return s;
}

void refuse_encrypted(const std::string &path, const std::vector<PageFacts> &pages,
                      const std::vector<Digest> &crcs) {
    for (std::size_t i = 0; i < crcs.size() && i < pages.size(); ++i) {
        const PageFacts &p = pages[i];
        if (p.key_version != 0 && p.stored == static_cast<std::uint32_t>(crcs[i]))
            throw UsageError(path + ": not checked: page " + std::to_string(i) +
                             " is encrypted (key version " + std::to_string(p.key_version) +
                             " in FIL_PAGE_FCRC32_KEY_VERSION); this tool does not check "
                             "encrypted tablespaces; use innochecksum");
    }
}

} // namespace crcbench
