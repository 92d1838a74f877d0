// SPDX-License-Identifier: GPL-2.0-only
//
// The report of `crcbench-alg file`: table, JSON (crcbench-alg.file.v1,
// schema/crcbench-alg.file.v1.schema.json) and CSV.
#include "cli.h"
#include "file_run.h"
#include "output.h"
#include "text.h"
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace crcbench {
namespace {

double bytes_per_s(const FileDriverResult &d) {
    return d.seconds > 0 ? static_cast<double>(d.bytes) / d.seconds : 0.0;
}

std::optional<double> pages_per_s(const FileResult &f, const FileDriverResult &d) {
    return f.page_size && d.seconds > 0 ? std::optional(static_cast<double>(f.pages) / d.seconds)
                                        : std::nullopt;
}

std::string file_heading(const FileResult &f, CrcAlg alg) {
    std::string out = "file " + quote_name(f.path) + ": " + std::to_string(f.size) + " bytes";
    if (f.page_size)
        out += ", " + std::to_string(f.pages) + " pages of " + format_size(*f.page_size);
    if (f.crc)
        out += ", " + std::string(alg_info(alg).name) + " " + format_digest(alg, *f.crc);
    out += "\n";
    if (f.innodb) {
        const InnodbSummary &s = *f.innodb;
        out += "innodb full_crc32 (FSP_SPACE_FLAGS " + format_hex32(s.flags) +
               "): " + std::to_string(s.valid) + " valid, " + std::to_string(s.empty) +
               " empty (all zero, not checked), " + std::to_string(s.invalid) + " invalid\n";
        if (s.invalid)
            out += fmt::format("invalid pages: {}\n", fmt::join(s.invalid_pages, " "));
    }
    return out;
}

// "1.204-1.391": the slowest and the fastest pass in GB/s.
std::string pass_spread(const FileDriverResult &d) {
    if (d.pass_seconds.empty())
        return "-";
    auto [fast, slow] = std::minmax_element(d.pass_seconds.begin(), d.pass_seconds.end());
    auto gbps = [&](double s) { return s > 0 ? static_cast<double>(d.bytes) / s / 1e9 : 0.0; };
    return format_fixed(gbps(*slow), 3) + "-" + format_fixed(gbps(*fast), 3);
}

std::string pass_line(const FileReport &r) {
    std::string cache = r.drop_cache ? "--drop-cache: the page cache dropped before each pass"
                                     : "data from the page cache once the file has been read";
    if (r.repeat == 1)
        return "GB/s = 10^9 bytes/s, one timed pass per driver (" + cache + ")\n";
    return "GB/s = 10^9 bytes/s, SECONDS the median of " + std::to_string(r.repeat) +
           " timed passes per driver, GB/s min-max the slowest and the fastest (" + cache + ")\n";
}

} // namespace

std::string partial_files_text(const FileReport &r) {
    std::string out =
        fmt::format("the {} file{} hashed so far", r.files.size(), r.files.size() == 1 ? "" : "s");
    if (!r.files.empty() && r.files.back().results.size() < r.measured.size())
        out += fmt::format(", the last by {} of {} drivers", r.files.back().results.size(),
                           r.measured.size());
    unsigned fewest = r.repeat;
    for (const FileResult &f : r.files)
        for (const FileDriverResult &d : f.results)
            fewest = std::min(fewest, static_cast<unsigned>(d.pass_seconds.size()));
    if (fewest < r.repeat)
        out += fmt::format(", a driver by {} of {} passes", fewest, r.repeat);
    return out;
}

bool FileReport::pages_valid() const {
    return std::ranges::none_of(files,
                                [](const FileResult &f) { return f.innodb && f.innodb->invalid; });
}

std::string_view FileReport::verdict() const {
    return !agree() ? "mismatch" : pages_valid() ? "ok" : "invalid_pages";
}

std::string format_file_reproducer(const FileMismatch &m, const FileReport &r) {
    std::string mode = r.innodb ? " --innodb" : "";
    if (!r.innodb && r.page_size)
        mode += " --page-size " + format_size(*r.page_size);
    return "MISMATCH driver=" + m.driver + " file=" + quote_name(m.path) +
           (m.page ? " page=" + std::to_string(*m.page) : std::string()) +
           " offset=" + std::to_string(m.offset) + " length=" + std::to_string(m.length) +
           " expected=" + format_digest(r.alg, m.expected) + " got=" + format_digest(r.alg, m.got) +
           " reproduce: crcbench-alg file" +
           (r.alg == CrcAlg::crc32c ? "" : " --alg " + std::string(alg_info(r.alg).name)) +
           " --driver " + m.driver + mode + " " + quote_name(m.path);
}

std::string file_table(const FileReport &r) {
    std::string out =
        table_head("file", r) + resolve_line(r.resolves_to, false, r.alg) + pass_line(r);
    out += "transfer: splice (file -> pipe -> AF_ALG, no copy), read (read into a buffer,\n"
           "then send to AF_ALG or a user: driver)\n";
    for (const FileResult &f : r.files) {
        out += file_heading(f, r.alg);
        bool paged = f.page_size.has_value();
        std::vector<std::string> head = {"", "DRIVER", "TRANSFER", "BYTES", "SECONDS", "GB/s"};
        // --repeat: the spread of the passes beside their median.
        const bool spread = r.repeat > 1;
        if (spread)
            head.push_back("GB/s min-max");
        head.push_back(paged ? "kpages/s" : alg_tag(r.alg));
        head.push_back("CHECK");
        Table t(head, spread ? "lllrrrrrl" : "lllrrrrl");
        for (const FileDriverResult &d : f.results) {
            std::vector<std::string> row = {"",
                                            d.driver,
                                            std::string(transfer_name(d.transfer)),
                                            std::to_string(d.bytes),
                                            format_fixed(d.seconds, 4),
                                            format_fixed(bytes_per_s(d) / 1e9, 3)};
            if (spread)
                row.push_back(pass_spread(d));
            const auto pps = pages_per_s(f, d);
            row.push_back(paged ? (pps ? format_fixed(*pps / 1e3, 1) : "-")
                                : (d.crc ? format_digest(r.alg, *d.crc) : ""));
            row.push_back(d.disagreeing_units ? fmt::format("WRONG {}{}", d.disagreeing_units,
                                                            paged ? " pages" : "")
                                              : "ok");
            t.add(row);
        }
        out += t.str();
        for (const FileDriverResult &d : f.results)
            if (d.transfer_note)
                out += "  note: " + d.driver + ": " + *d.transfer_note + "\n";
        if (r.per_page && paged) {
            out += "  page " + std::string(alg_info(r.alg).name) +
                   std::string(f.innodb ? " (first page size - 4 bytes)" : "") + ":\n";
            for (std::size_t i = 0; i < f.page_crcs.size(); ++i)
                out += "  " + std::to_string(i) + " " + format_digest(r.alg, f.page_crcs[i]) + "\n";
        }
    }
    for (const FileMismatch &m : r.mismatches)
        out += format_file_reproducer(m, r) + "\n";
    std::string_view v = r.verdict();
    if (v == "ok")
        out += "verdict: ok, every driver's CRCs matched the reference" +
               std::string(r.innodb ? ", every page checked is valid" : "") + "\n";
    else if (v == "mismatch")
        out += "verdict: MISMATCH, a driver returned wrong CRCs (see above)\n";
    else
        out += "verdict: INVALID PAGES, stored checksums do not match the pages (listed above)\n";
    return out + partial_line(r.interrupted_by, "the results are of " + partial_files_text(r)) +
           notice_line(r.system);
}

void to_json(Json &j, const InnodbSummary &s) {
    j = {{"flags", format_hex32(s.flags)},
         {"valid", s.valid},
         {"empty", s.empty},
         {"invalid", s.invalid},
         {"invalid_pages", s.invalid_pages}};
}

Json file_document(const FileReport &r) {
    Json j = report_head(kFileSchema, r);
    j["config"] = {{"page_size", r.page_size},
                   {"innodb", r.innodb},
                   {"per_page", r.per_page},
                   {"repeat", r.repeat},
                   {"drop_cache", r.drop_cache}};
    add_drivers(j, r);
    j["measured"] = r.measured;
    auto digest = [&](const std::optional<Digest> &d) {
        return d ? Json(format_digest(r.alg, *d)) : Json();
    };
    Json &files = j["files"] = Json::array();
    for (const FileResult &f : r.files) {
        Json results = Json::array();
        for (const FileDriverResult &d : f.results)
            results.push_back({{"driver", d.driver},
                               {"transfer", transfer_name(d.transfer)},
                               {"transfer_note", d.transfer_note},
                               {"bytes", d.bytes},
                               {"seconds", d.seconds},
                               {"pass_seconds", d.pass_seconds},
                               {"bytes_per_s", bytes_per_s(d)},
                               {"gb_per_s", bytes_per_s(d) / 1e9},
                               {"pages_per_s", pages_per_s(f, d)},
                               {"crc", digest(d.crc)},
                               {"mismatches", d.disagreeing_units},
                               {"invalid_pages", f.innodb ? Json(d.invalid_pages) : Json()}});
        Json &file = files.emplace_back(Json{{"path", f.path},
                                             {"bytes", f.size},
                                             {"page_size", f.page_size},
                                             {"pages", f.page_size ? Json(f.pages) : Json()},
                                             {"crc", digest(f.crc)},
                                             {"innodb", f.innodb},
                                             {"results", results}});
        if (r.per_page && f.page_size) {
            Json &crcs = file["page_crcs"] = Json::array();
            for (std::size_t i = 0; i < f.page_crcs.size(); ++i)
                crcs.push_back({{"index", i}, {"crc", format_digest(r.alg, f.page_crcs[i])}});
        }
    }
    add_partial(j, r.interrupted_by);
    j["verdict"] = r.verdict();
    return j;
}

std::string file_json(const FileReport &r) {
    return json_text(file_document(r)) + "\n";
}

std::string file_csv(const FileReport &r) {
    const Json doc = file_document(r);
    std::vector<Json> rows;
    for (const Json &file : doc.at("files"))
        for (std::size_t i = 0; i < file.at("results").size(); ++i) {
            const Json &result = file.at("results")[i];
            Json row = flat(Json{{"innodb", file.at("innodb")}});
            row.update({{"path", file.at("path")},
                        {"page_size", file.at("page_size")},
                        {"pages", file.at("pages")},
                        {"emulated", doc.at("system").at("emulated")},
                        {"alg", doc.at("alg")},
                        {"passes", result.at("pass_seconds").size()},
                        {"drop_cache", doc.at("config").at("drop_cache")},
                        {"partial", doc.at("partial")}});
            row.update(result);
            // The column is the file's invalid pages, as innochecksum names
            // them, not the count of one driver's.
            row["invalid_pages"] = row.value("innodb_invalid_pages", Json());
            rows.push_back(row);
        }
    return csv_table("path,bytes,page_size,pages,driver,transfer,seconds,bytes_per_s,gb_per_s,"
                     "pages_per_s,crc,mismatches,innodb_valid,innodb_empty,innodb_invalid,"
                     "invalid_pages,transfer_note,emulated,alg,passes,drop_cache,partial",
                     rows);
}

std::string render(const FileReport &r, Format f) {
    return f == Format::json ? file_json(r) : f == Format::csv ? file_csv(r) : file_table(r);
}

} // namespace crcbench
