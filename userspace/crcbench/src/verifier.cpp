// SPDX-License-Identifier: GPL-2.0-only
#include "verifier.h"

#include "aligned_buffer.h"
#include "error.h"
#include "interrupt.h"
#include "units.h"
#include "user_drivers.h"

#include <algorithm>
#include <fmt/format.h>
#include <memory>
#include <optional>

namespace crcbench {

// "; the reproducers of the first 5 follow" (of all: "; reproducers follow").
std::string reproducers_note(std::size_t shown, std::size_t failed) {
    if (shown == 0)
        return "";
    if (shown >= failed)
        return shown == 1 ? "; its reproducer follows" : "; their reproducers follow";
    return fmt::format("; the reproducers of the first {} follow (each --case repeats one)", shown);
}

namespace {

// Cases up to this length are also computed with the bitwise reference, so a
// miscompiled fast reference on the target cannot go unnoticed.
constexpr std::size_t kCrossCheckLimit = 65536;

} // namespace

Judge judge_for(const std::string &driver) {
    return driver == kUserSlice8 ? Judge::bitwise : Judge::table;
}

std::string_view judge_name(Judge j) {
    return j == Judge::bitwise ? "bitwise reference" : "reference";
}

Digest expected_digest(const VerifyCase &c, std::span<const std::uint8_t> data, Judge judge,
                       CrcAlg alg) {
    if (c.seed && !alg_info(alg).keyed)
        throw UsageError("case " + format_case(c) + ": " + std::string(alg_info(alg).name) +
                         " has no key (its drivers offer no setkey): give the seed as "
                         "\"default\"");
    if (judge == Judge::bitwise)
        return bitwise_digest(alg, c.seed, data);
    Digest fast = reference_digest(alg, c.seed, data);
    if (data.size() <= kCrossCheckLimit && fast != bitwise_digest(alg, c.seed, data))
        throw ToolError(ExitCode::runtime,
                        "internal error: the table-driven reference disagrees with the bitwise "
                        "reference for case " +
                            format_case(c));
    return fast;
}

std::vector<DriverVerdict> run_verify(const std::vector<std::string> &drivers,
                                      const std::vector<VerifyCase> &cases,
                                      const HasherFactory &factory, const VerifyProgress &progress,
                                      CrcAlg alg) {
    std::size_t need = 1;
    for (const VerifyCase &c : cases)
        need = std::max(need, c.offset + c.length);
    AlignedBuffer buffer(need, kCaseAlignment);

    std::vector<std::unique_ptr<Crc32cHasher>> hashers;
    std::vector<bool> keyed(drivers.size(), false);
    std::vector<DriverVerdict> verdicts;
    for (const std::string &d : drivers) {
        hashers.push_back(factory(d));
        verdicts.push_back(DriverVerdict{d, judge_for(d), 0, 0, 0, {}});
    }

    std::size_t done = 0;
    for (const VerifyCase &c : cases) {
        if (interrupt_signal())
            break; // every driver has run the same cases
        std::span<std::uint8_t> data = buffer.subspan(c.offset, c.length);
        fill_case_data(data, c.data_key);
        Digest by_table = expected_digest(c, data, Judge::table, alg);
        std::optional<Digest> by_bitwise; // computed once, when a driver needs it
        for (std::size_t i = 0; i < drivers.size(); ++i) {
            Digest expected = by_table;
            if (verdicts[i].judge == Judge::bitwise) {
                if (!by_bitwise)
                    by_bitwise = expected_digest(c, data, Judge::bitwise, alg);
                expected = *by_bitwise;
            }
            Crc32cHasher &h = *hashers[i];
            if (c.seed) {
                h.set_seed(*c.seed);
                keyed[i] = true;
            } else if (keyed[i]) {
                h.set_seed(kDefaultSeed); // same as the tfm's default key
            }
            Digest got = hash_pieces(h, data, c.pieces);
            DriverVerdict &v = verdicts[i];
            ++v.cases;
            v.bytes += c.length;
            if (got != expected) {
                ++v.mismatches;
                if (v.reported.size() < kReportedMismatches)
                    v.reported.push_back(Mismatch{drivers[i], c, expected, got, alg});
            }
        }
        ++done;
        if (progress)
            progress(done, cases.size());
    }
    return verdicts;
}

std::string format_reproducer(const Mismatch &m) {
    const VerifyCase &c = m.c;
    std::string split = "digest";
    if (!c.pieces.empty()) {
        split.clear();
        for (std::size_t i = 0; i < c.pieces.size(); ++i)
            split += fmt::format("{}{}", i ? "+" : "", c.pieces[i]);
    }
    return "MISMATCH driver=" + m.driver + " length=" + std::to_string(c.length) +
           " offset=" + std::to_string(c.offset) +
           " seed=" + (c.seed ? format_hex32(*c.seed) : std::string("default")) +
           " split=" + split + " expected=" + format_digest(m.alg, m.expected) +
           " got=" + format_digest(m.alg, m.got) + " reproduce: crcbench-alg verify" +
           (m.alg == CrcAlg::crc32c ? "" : " --alg " + std::string(alg_info(m.alg).name)) +
           " --driver " + m.driver + " --case " + format_case(c);
}

} // namespace crcbench
