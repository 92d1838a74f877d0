// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"

#include "header_writer.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <ostream>
#include <regex>
#include <stdexcept>

namespace constgen {

namespace {

bool parse_u64_hex(const std::string &s, std::uint64_t &out) {
    std::string digits = s;
    if (digits.rfind("0x", 0) == 0 || digits.rfind("0X", 0) == 0)
        digits = digits.substr(2);
    if (digits.empty() || digits.size() > 16)
        return false;
    for (char ch : digits)
        if (!std::isxdigit(static_cast<unsigned char>(ch)))
            return false;
    out = std::strtoull(digits.c_str(), nullptr, 16);
    return true;
}

bool parse_unsigned(const std::string &s, unsigned &out) {
    if (s.empty() || s.size() > 6)
        return false;
    for (char ch : s)
        if (!std::isdigit(static_cast<unsigned char>(ch)))
            return false;
    out = static_cast<unsigned>(std::strtoul(s.c_str(), nullptr, 10));
    return true;
}

ParseResult fail(std::string msg) {
    return {std::nullopt, std::move(msg)};
}

} // namespace

std::string usage_text() {
    return "Usage: crc-constgen [options]\n"
           "Computes the folding, reduction and Barrett constants of the vpmsumd CRC core\n"
           "for a 16-, 32- or 64-bit CRC polynomial and writes them as a kernel-C header.\n"
           "\n"
           "  --poly HEX        polynomial in normal form without the x^width term\n"
           "                    (default 0x1edc6f41, CRC32C / Castagnoli)\n"
           "  --width N         CRC width: 16, 32 (default) or 64; a 16-bit CRC runs on\n"
           "                    the 32-bit core modulo P * x^16\n"
           "  --reflected       bit order: LSB of each byte first (default)\n"
           "  --msb-first       bit order: MSB of each byte first\n"
           "  --strides N       fold distances 128*k bits for k = 1..N, N in [" +
           std::to_string(kMinStrides) + ", " + std::to_string(kMaxStrides) +
           "]\n"
           "                    (default 16: the core's main loop runs 16 streams)\n"
           "  --name ID         prefix of the C identifiers (default crc32c_vmx)\n"
           "  -o, --output FILE write the header to FILE instead of standard output\n"
           "  -h, --help        show this help\n"
           "\n"
           "Exit status: 0 success, 1 the header could not be written, 2 bad usage.\n"
           "Examples: crc-constgen --poly 0x1edc6f41 --reflected -o crc32c_vmx_consts.h\n"
           "          crc-constgen --poly 0x8bb7 --width 16 --msb-first --name crct10dif_vmx\n"
           "          crc-constgen --poly 0xad93d23594c93659 --width 64 --reflected\n";
}

ParseResult parse_args(const std::vector<std::string> &args) {
    Options o;
    bool order_given = false;
    std::string poly_text = "0x1edc6f41";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto value = [&](std::string &v) {
            if (i + 1 >= args.size())
                return false;
            v = args[++i];
            return true;
        };
        std::string v;
        if (a == "-h" || a == "--help") {
            o.help = true;
        } else if (a == "--reflected" || a == "--msb-first") {
            const BitOrder want = a == "--reflected" ? BitOrder::reflected : BitOrder::msb_first;
            if (order_given && o.spec.order != want)
                return fail("--reflected and --msb-first are mutually exclusive");
            o.spec.order = want;
            order_given = true;
        } else if (a == "--poly") {
            if (!value(v))
                return fail("--poly needs a value");
            if (!parse_u64_hex(v, o.spec.poly))
                return fail("--poly: '" + v + "' is not a hexadecimal number of at most 64 bits");
            if ((o.spec.poly & 1u) == 0)
                return fail("--poly: '" + v +
                            "' has no x^0 term; give the normal form (e.g. 0x1edc6f41), "
                            "not the bit-reversed one");
            poly_text = v;
        } else if (a == "--width") {
            if (!value(v))
                return fail("--width needs a value");
            if (v != "16" && v != "32" && v != "64")
                return fail("--width: '" + v + "' is not 16, 32 or 64");
            o.spec.width = static_cast<unsigned>(std::stoul(v));
        } else if (a == "--strides") {
            if (!value(v))
                return fail("--strides needs a value");
            if (!parse_unsigned(v, o.spec.strides) || o.spec.strides < kMinStrides ||
                o.spec.strides > kMaxStrides)
                return fail("--strides: '" + v + "' is not a number in [" +
                            std::to_string(kMinStrides) + ", " + std::to_string(kMaxStrides) + "]");
        } else if (a == "--name") {
            if (!value(v))
                return fail("--name needs a value");
            if (!std::regex_match(v, std::regex("[a-z_][a-z0-9_]{0,39}")))
                return fail("--name: '" + v +
                            "' is not a lower-case C identifier of at most 40 characters");
            o.name = v;
        } else if (a == "-o" || a == "--output") {
            if (!value(v))
                return fail(a + " needs a file name");
            if (v.empty())
                return fail(a + ": empty file name");
            o.output = v;
        } else {
            return fail("unknown argument '" + a + "'");
        }
    }
    if (o.spec.width < 64 && (o.spec.poly >> o.spec.width) != 0)
        return fail("--poly: '" + poly_text + "' has terms at or above x^" +
                    std::to_string(o.spec.width) + "; give a " + std::to_string(o.spec.width) +
                    "-bit polynomial without its top term, or the right --width");
    return {o, {}};
}

std::string canonical_command(const Options &o) {
    char poly[32];
    std::snprintf(poly, sizeof(poly), "0x%0*llx", static_cast<int>(o.spec.width / 4),
                  static_cast<unsigned long long>(o.spec.poly));
    return std::string("crc-constgen --poly ") + poly + " --width " + std::to_string(o.spec.width) +
           (o.spec.order == BitOrder::reflected ? " --reflected" : " --msb-first") + " --strides " +
           std::to_string(o.spec.strides) + " --name " + o.name;
}

int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    const ParseResult parsed = parse_args(args);
    if (!parsed.options) {
        err << "crc-constgen: " << parsed.error << " (try --help)\n";
        return kExitUsage;
    }
    const Options &o = *parsed.options;
    if (o.help) {
        out << usage_text();
        return kExitOk;
    }
    std::string text;
    try {
        text = render_header(compute_fold_constants(o.spec), o.name, canonical_command(o));
    } catch (const std::exception &e) {
        err << "crc-constgen: " << e.what() << '\n';
        return kExitFailure;
    }
    if (!o.output) {
        out << text;
        return out ? kExitOk : kExitFailure;
    }
    // Write to a temporary file next to the target and rename it, so an
    // interrupted run never leaves a truncated header behind.
    const std::string tmp = *o.output + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f) {
            err << "crc-constgen: cannot open '" << tmp << "' for writing: " << std::strerror(errno)
                << '\n';
            return kExitFailure;
        }
        f << text;
        f.close();
        if (!f) {
            err << "crc-constgen: writing '" << tmp << "' failed\n";
            std::remove(tmp.c_str());
            return kExitFailure;
        }
    }
    if (std::rename(tmp.c_str(), o.output->c_str()) != 0) {
        err << "crc-constgen: cannot rename '" << tmp << "' to '" << *o.output
            << "': " << std::strerror(errno) << '\n';
        std::remove(tmp.c_str());
        return kExitFailure;
    }
    return kExitOk;
}

} // namespace constgen
