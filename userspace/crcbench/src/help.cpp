// SPDX-License-Identifier: GPL-2.0-only
#include "help.h"

#include "exit_codes.h"

namespace crcbench {
namespace {

constexpr std::string_view kGeneral =
    "Usage: crcbench-alg [OPTIONS] COMMAND [COMMAND OPTIONS]\n"
    "\n"
    "Lists, verifies and benchmarks the kernel's crc32c drivers through AF_ALG\n"
    "(libkcapi). Every result is compared with a software reference.\n"
    "\n"
    "Commands:\n"
    "  list      the crc32c drivers (driver, module, priority, self-test) and\n"
    "            which one the name \"crc32c\" resolves to now\n"
    "  verify    check drivers against the reference over fixed and random cases\n"
    "  run       measure throughput of drivers side by side\n"
    "  help CMD  the options of one command (same as CMD --help);\n"
    "            help all: every command's options in one text\n"
    "\n"
    "Options for every command:\n"
    "  -q, --quiet            no progress on stderr\n"
    "      --debug            libkcapi's own debug log on stderr\n"
    "      --emulated WHEN    auto (default), yes or no: override emulator detection\n"
    "                         (environment: CRCBENCH_EMULATED)\n"
    "      --proc-crypto PATH read the driver list from PATH instead of /proc/crypto\n"
    "  -h, --help             this text\n"
    "  -V, --version          the version (and libkcapi's)\n"
    "\n"
    "Needs: AF_ALG hash support (algif_hash) and crypto_user (libkcapi asks the\n"
    "kernel about each driver over NETLINK_CRYPTO): modprobe algif_hash crypto_user\n"
    "\n";

constexpr std::string_view kList =
    "Usage: crcbench-alg list [--format table|json|csv]\n"
    "\n"
    "Prints every crc32c driver in /proc/crypto that user space can reach (not\n"
    "internal): driver, module, priority and self-test status, highest priority\n"
    "first, and marks with '*' the one \"crc32c\" resolves to: the highest-priority\n"
    "driver whose self-test passed. Reads /proc/crypto only (no AF_ALG needed).\n"
    "\n"
    "  -f, --format F   table (default), json or csv\n"
    "\n";

constexpr std::string_view kVerify =
    "Usage: crcbench-alg verify [--driver D ...] [--seed N] [--random N]\n"
    "                           [--max-length SIZE] [--case SPEC ...]\n"
    "\n"
    "Runs each driver over a fixed set of cases (lengths around 16, 256, 512,\n"
    "4K, 32K and 64K boundaries, up to several MiB; odd offsets, page-crossing\n"
    "buffers, seeds, streaming splits with empty updates) and a random set, and\n"
    "compares every digest with the tool's own software CRC32C. A mismatch\n"
    "prints a reproducer line (driver, length, offset, seed, split, expected, got,\n"
    "and the --case that repeats it) and the exit code is 1.\n"
    "\n"
    "  -d, --driver D      a driver name or \"crc32c\"; repeat or comma-separate\n"
    "                      (default: every crc32c driver)\n"
    "      --seed N        seed of the random cases (default: chosen and printed)\n"
    "      --random N      number of random cases (default 100)\n"
    "      --max-length S  cap on case lengths (default 4M+64, e.g. 64K for a quick run)\n"
    "      --case SPEC     run only this case: LENGTH:OFFSET:SEED:SPLIT[:DATAKEY]\n"
    "                      SEED \"default\" (no setkey) or a 32-bit number (the crc32c\n"
    "                      key: raw initial state); SPLIT \"digest\" (one-shot) or\n"
    "                      update sizes joined by '+', e.g. 4096:3:0x12345678:1000+3096\n"
    "\n";

constexpr std::string_view kRun =
    "Usage: crcbench-alg run [--driver D ...] [--sizes LIST] [--threads N]\n"
    "                        [--duration T | --iterations N] [--warmup T]\n"
    "                        [--trials N] [--mode digest|stream] [--chunk SIZE]\n"
    "                        [--splice on|off]\n"
    "                        [--format table|json|csv] [--json FILE] [--csv FILE]\n"
    "\n"
    "Measures each driver at each size, drivers interleaved trial by trial so\n"
    "they are compared under the same conditions. Each thread reuses one AF_ALG\n"
    "handle per driver and one buffer; every result is checked against the\n"
    "reference digest of that buffer (the buffer content changes each trial).\n"
    "Reports bytes/s and operations/s (min/median/max over the trials) and each\n"
    "driver's median relative to crc32c-generic. A wrong result exits with 1.\n"
    "\n"
    "  -d, --driver D     a driver name or \"crc32c\"; repeat or comma-separate\n"
    "                     (default: every crc32c driver whose self-test passed)\n"
    "  -s, --sizes LIST   buffer sizes, comma-separated; A..B doubles from A to B\n"
    "                     (default 64..1M)\n"
    "  -t, --threads N    threads hashing concurrently, each with its own handles\n"
    "                     (default 1)\n"
    "      --duration T   length of each trial, e.g. 250ms, 2s (default 250ms)\n"
    "  -n, --iterations N operations per thread per trial instead of a duration\n"
    "      --warmup T     untimed warm-up per driver and size (default 100ms; 0 = none)\n"
    "      --trials N     timed trials per driver and size (default 5)\n"
    "      --mode M       digest: one kcapi_md_digest per operation (default);\n"
    "                     stream: kcapi_md_update per chunk, then kcapi_md_final\n"
    "      --chunk SIZE   stream mode update size (default: the whole buffer)\n"
    "      --splice on|off  on: libkcapi's vmsplice+splice path for messages of\n"
    "                     32 KiB up to its pipe size (3 system calls per digest);\n"
    "                     off (default): one sendmsg instead (2 per digest)\n"
    "  -f, --format F     stdout format: table (default), json or csv\n"
    "      --json FILE    also write the JSON report to FILE\n"
    "      --csv FILE     also write the CSV report to FILE\n"
    "      --seed N       seed of the buffer contents (default: chosen, in the JSON)\n"
    "\n"
    "Under an emulator (e.g. QEMU TCG) every table and file says the figures are\n"
    "emulated and not POWER performance.\n"
    "\n";

} // namespace

std::string help_text(std::string_view topic) {
    if (topic == "all") // headings ending in ':' become man page sections
        return std::string(kGeneral) + "The list command:\n" + std::string(kList) +
               "The verify command:\n" + std::string(kVerify) + "The run command:\n" +
               std::string(kRun) + std::string(kExitCodeHelp);
    std::string_view body = topic == "list"     ? kList
                            : topic == "verify" ? kVerify
                            : topic == "run"    ? kRun
                                                : kGeneral;
    return std::string(body) + std::string(kExitCodeHelp);
}

} // namespace crcbench
