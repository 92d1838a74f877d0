// SPDX-License-Identifier: GPL-2.0-only
#include "file_plan.h"

#include "error.h"
#include "innodb_pages.h"
#include "units.h"

namespace crcbench {
namespace {

std::string size_text(std::uint64_t n) {
    return std::to_string(n) + " bytes";
}

} // namespace

PreparedFile prepare_file(const std::string &path, const FileOptions &f) {
    PreparedFile p;
    p.file = std::make_unique<MappedFile>(path);
    std::uint64_t size = p.file->size();
    p.page_size = f.page_size;
    if (f.innodb) {
        innodb::SpaceFlags flags = innodb::parse_space_flags(
            size >= innodb::kFlagsOffset + 4 ? innodb::read_space_flags(p.file->bytes()) : 0);
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

InnodbSummary judge_pages(const MappedFile &file, std::size_t page_size,
                          const std::vector<Digest> &crcs) {
    InnodbSummary s;
    for (std::size_t i = 0; i < crcs.size(); ++i) {
        auto page = file.bytes().subspan(i * page_size, page_size);
        // crc32c only (--innodb refuses any other --alg): the low 32 bits.
        switch (innodb::check_page(page, static_cast<std::uint32_t>(crcs[i]))) {
        case innodb::PageState::valid:
            ++s.valid;
            break;
        case innodb::PageState::empty:
            ++s.empty;
            break;
        case innodb::PageState::invalid:
            ++s.invalid;
            s.invalid_pages.push_back(i);
            break;
        }
    }
    return s;
}

void refuse_encrypted(const MappedFile &file, std::size_t page_size,
                      const std::vector<Digest> &crcs) {
    for (std::size_t i = 0; i < crcs.size(); ++i) {
        auto page = file.bytes().subspan(i * page_size, page_size);
        std::uint32_t kv = innodb::key_version(page);
        if (kv != 0 && innodb::check_page(page, static_cast<std::uint32_t>(crcs[i])) ==
                           innodb::PageState::valid)
            throw UsageError(file.path() + ": not checked: page " + std::to_string(i) +
                             " is encrypted (key version " + std::to_string(kv) +
                             " in FIL_PAGE_FCRC32_KEY_VERSION); this tool does not check "
                             "encrypted tablespaces; use innochecksum");
    }
}

} // namespace crcbench
