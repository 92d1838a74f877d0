// SPDX-License-Identifier: GPL-2.0-only
//
// The --help texts: a hand-written description per command, then its options
// printed from the parser's own table (option_table.h).
#include "help.h"

#include "exit_codes.h"
#include "option_table.h"
#include "text.h"

#include <algorithm>
#include <fmt/format.h>

namespace crcbench {
namespace {

constexpr std::string_view kGeneral =
    "Usage: crcbench-alg [OPTIONS] COMMAND [COMMAND OPTIONS]\n"
    "\n"
    "Lists, verifies and benchmarks the kernel's crc32c drivers through AF_ALG\n"
    "(libkcapi); with --alg, those of crct10dif or crc64-rocksoft. Every result\n"
    "is compared with a software reference of that CRC.\n"
    "\n"
    "Commands:\n"
    "  list      the crc32c (--alg) drivers (driver, module, priority, self-test)\n"
    "            and which one the name \"crc32c\" (the --alg name) resolves to now\n"
    "  verify    check drivers against the reference over fixed and random cases\n"
    "  run       measure throughput of drivers side by side\n"
    "  file      crc32c of files (whole, or per page) through each driver,\n"
    "            timed; --innodb checks InnoDB full_crc32 page checksums\n"
    "  help CMD  the options of one command (same as CMD --help);\n"
    "            help all: every command's options in one text\n"
    "\n"
    "Needs: AF_ALG hash support (algif_hash) and crypto_user (libkcapi asks the\n"
    "kernel about each driver over NETLINK_CRYPTO): modprobe algif_hash crypto_user\n"
    "\n"
    "--alg: crc32c (default); crct10dif (CRC-T10DIF, polynomial 0x8BB7, MSB first,\n"
    "init 0, 2-byte digest in the CPU's byte order); crc64-rocksoft (CRC-64/NVME,\n"
    "reflected 0x9A6C9329AC4BC9B5, init and xorout ~0, 8-byte digest little-endian).\n"
    "crct10dif and crc64-rocksoft drivers have no key (no seeds in verify) and no\n"
    "userspace baselines; ratios are to their generic drivers. The kernel has\n"
    "their crypto API drivers up to 6.14 (Debian's 6.1 and 6.12), not from 6.15 on.\n"
    "\n";

constexpr std::string_view kList =
    "Prints every crc32c driver in /proc/crypto that user space can reach (not\n"
    "internal): driver, module, priority and self-test status, highest priority\n"
    "first, and marks with '*' the one \"crc32c\" resolves to: the highest-priority\n"
    "driver whose self-test passed. Reads /proc/crypto only (no AF_ALG needed).\n";

constexpr std::string_view kVerify =
    "Runs each driver over a fixed set of cases (lengths around 16, 256, 512,\n"
    "4K, 32K and 64K boundaries, up to several MiB; odd offsets, page-crossing\n"
    "buffers, seeds, streaming splits with empty updates) and a random set, and\n"
    "compares every digest with the tool's own software CRC (of --alg; keys only\n"
    "for crc32c, the others have none and their cases no seeds). A mismatch\n"
    "prints a reproducer line (driver, length, offset, seed, split, expected, got,\n"
    "and the --case that repeats it) and the exit code is 1.\n";

constexpr std::string_view kRun =
    "Measures each driver at each size, drivers interleaved trial by trial so\n"
    "they are compared under the same conditions. Each thread reuses one AF_ALG\n"
    "handle per driver and one buffer; every result is checked against the\n"
    "reference digest of that buffer (the buffer content changes each trial).\n"
    "Reports bytes/s and operations/s (min/median/max over the trials) and each\n"
    "driver's median relative to crc32c-generic (--alg: that algorithm's generic\n"
    "driver). A wrong result exits with 1.\n";

constexpr std::string_view kFile =
    "Computes the crc32c (--alg: that CRC) of each PATH through each driver and\n"
    "times it: bytes, seconds and GB/s (10^9 bytes/s) per driver and file; with\n"
    "--page-size, one CRC per page, and pages/s. Kernel drivers get the file by\n"
    "splice(2) from the file through a pipe into the AF_ALG socket, no copy\n"
    "through user space (\"transfer: splice\"); if the kernel refuses that, by read\n"
    "and send (\"transfer: read\", the reason printed). user: drivers and the\n"
    "reference read the file in 1 MiB windows into one buffer (\"transfer: read\"):\n"
    "memory stays bounded whatever the file's size. Every CRC is compared with\n"
    "the tool's own table code; a difference prints a reproducer and exits with 1.\n"
    "A file that changes size while it is hashed (truncated, written to) is an\n"
    "error: exit 8, the sizes named.\n"
    "\n"
    "PATH '-' is standard input: read once, each window handed to the reference\n"
    "and every driver in turn (one pass; no --repeat above 1, no --drop-cache,\n"
    "no --innodb). --format sum prints 'CRC  PATH' lines like sha256sum (a path\n"
    "with a newline or backslash escaped, the line starting with a backslash;\n"
    "--tag, -z as sha256sum's), each as its file is done; a file that cannot be\n"
    "read is reported, the rest are hashed, and the exit code is 1.\n"
    "--check LIST reads such lines and prints 'PATH: OK' or 'PATH: FAILED' (or\n"
    "'FAILED open or read', the cause on stderr), with WARNING summaries on\n"
    "stderr; exit 1 if a CRC did not match, a file could not be read or a driver\n"
    "disagreed. -q, --status, --strict, --ignore-missing and -w do what they do\n"
    "for sha256sum -c. --format sum and --check read each file once, as standard\n"
    "input is read (every driver still checked against the reference), unless\n"
    "--repeat or --drop-cache ask for timed passes of each driver's own.\n"
    "\n"
    "--innodb checks MariaDB InnoDB full_crc32 tablespaces: each page's last 4\n"
    "bytes (big-endian) must be the crc32c of the rest of the page. Pages of\n"
    "nothing but zero bytes are empty (never written) and not checked, as in\n"
    "innochecksum. Reports pages, valid, empty, invalid and every invalid page\n"
    "number; exit 1 if any page is invalid. Tablespaces in another checksum\n"
    "format, page_compressed or encrypted ones are refused (exit 2, the flag\n"
    "named), and so is --innodb with an --alg other than crc32c. A file whose\n"
    "size is not a multiple of the page size: exit 2.\n";

constexpr std::string_view kRunFooter =
    "Under an emulator (e.g. QEMU TCG) every table and file says the figures are\n"
    "emulated and not POWER performance.\n"
    "\n";

constexpr std::size_t kHelpColumns = 79;

std::string left_column(const OptionSpec &s) {
    std::string left = "  ";
    left += s.short_name.empty() ? "    " : std::string(s.short_name) + ", ";
    left += s.long_name;
    if (!s.metavar.empty())
        left += fmt::format(" {}", s.metavar);
    return left;
}

// "  -d, --driver D     help", continuation lines aligned under the help.
std::string option_lines(const std::vector<OptionSpec> &table) {
    std::size_t width = 0;
    for (const OptionSpec &s : table)
        if (!is_hidden(s))
            width = std::max(width, left_column(s).size());
    width += 2;
    std::string out;
    for (const OptionSpec &s : table) {
        if (is_hidden(s))
            continue;
        std::string left = left_column(s);
        out += left + std::string(width - left.size(), ' ');
        // The help as one paragraph ('\n' in the table is a space), wrapped
        // at kHelpColumns: a man page and an 80-column terminal stay readable.
        std::string text(s.help);
        std::replace(text.begin(), text.end(), '\n', ' ');
        std::size_t col = width;
        bool first_word = true;
        for (std::string_view word : split(text, ' ')) {
            if (word.empty())
                continue;
            if (!first_word && col + 1 + word.size() > kHelpColumns) {
                out.append("\n").append(width, ' ');
                col = width;
                first_word = true;
            }
            if (!first_word) {
                out += ' ';
                ++col;
            }
            out += word;
            col += word.size();
            first_word = false;
        }
        out += "\n";
    }
    return out;
}

std::string command_help(std::string_view command) {
    std::string_view body = command == "list"     ? kList
                            : command == "verify" ? kVerify
                            : command == "file"   ? kFile
                                                  : kRun;
    std::string out = "Usage: crcbench-alg " + std::string(command) + " [OPTIONS]" +
                      (command == "file" ? " PATH..." : "") + "\n\n";
    out += std::string(body) + "\n" + option_lines(command_option_table(command)) + "\n";
    if (command == "run")
        out += kRunFooter;
    return out;
}

std::string general_help() {
    // --help and --version end parsing (cli.cpp), so they are not in the
    // table of options that set something.
    std::vector<OptionSpec> table = common_option_table();
    table.push_back({"-h", "--help", "", "this text (after a command: that command's)", "", {}});
    table.push_back({"-V", "--version", "", "the version (and libkcapi's)", "", {}});
    return std::string(kGeneral) + "Options for every command:\n" + option_lines(table) + "\n";
}

} // namespace

std::string help_text(std::string_view topic) {
    if (topic == "all") { // headings ending in ':' become man page sections
        std::string out = general_help();
        for (std::string_view c : kCommandNames)
            out += "The " + std::string(c) + " command:\n" + command_help(c);
        return out + std::string(kExitCodeHelp);
    }
    if (topic.empty())
        return general_help() + std::string(kExitCodeHelp);
    return command_help(topic) + std::string(kExitCodeHelp);
}

} // namespace crcbench
