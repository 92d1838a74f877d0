// SPDX-License-Identifier: GPL-2.0-only
#include "error.h"
#include "file_io.h"
#include "tcrypt_runner.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sys/stat.h>

using namespace crcbench;

namespace {

// A scratch directory with a kernel log file and a modprobe stand-in.
class Scratch {
  public:
    Scratch() {
        char tmpl[] = "/tmp/crcbench-tcrypt.XXXXXX";
        dir_ = ::mkdtemp(tmpl);
        OutputFile(kmsg()).write("6,1,1,-;boot noise from before the run\n");
    }
    ~Scratch() { std::filesystem::remove_all(dir_); }
    std::string kmsg() const { return dir_ + "/kmsg"; }
    // The stand-in appends `records` to the log, prints `err`, exits `rc`,
    // and keeps its arguments in ./args.
    std::string modprobe(const std::string &records, const std::string &err, int rc) {
        std::string script = dir_ + "/modprobe";
        OutputFile(dir_ + "/records").write(records);
        OutputFile(script).write("#!/bin/sh\necho \"$@\" >'" + dir_ + "/args'\ncat '" + dir_ +
                                 "/records' >>'" + kmsg() + "'\necho '" + err + "' >&2\nexit " +
                                 std::to_string(rc) + "\n");
        ::chmod(script.c_str(), 0755);
        return script;
    }
    std::string args() const { return read_text_file(dir_ + "/args"); }

  private:
    std::string dir_;
};

const std::string kEagain =
    "modprobe: ERROR: could not insert 'tcrypt': Resource temporarily unavailable";

std::string good_records(const std::string &driver) {
    return "6,10,10,-;tcrypt: testing speed of async " + driver + " (" + driver +
           ")\n"
           "6,11,11,-;tcrypt: test  0 (   16 byte blocks,   16 bytes per update,   1 updates):     "
           "1000 opers/sec,     16000 bytes/sec\n"
           "6,12,12,-;tcrypt: test  1 (   64 byte blocks,   64 bytes per update,   1 updates): \n"
           "4,13,13,-;   500 opers/sec,     32000 bytes/sec\n";
}

std::string error_of(const std::function<void()> &f, ExitCode *code = nullptr) {
    try {
        f();
    } catch (const ToolError &e) {
        if (code)
            *code = e.code();
        return e.what();
    }
    return "no error";
}

TcryptEnv env_for(const Scratch &s, const std::string &modprobe) {
    TcryptEnv env;
    env.kmsg_path = s.kmsg();
    env.modprobe = modprobe;
    env.is_root = true;
    return env;
}

} // namespace

TEST(TcryptRunner, ReadsOnlyWhatTheLoadPrinted) {
    Scratch s;
    TcryptEnv env = env_for(s, s.modprobe(good_records("crc32c-vmx"), kEagain, 1));
    TcryptRun run = run_tcrypt("crc32c-vmx", "crc32c-vmx", 3, env);
    EXPECT_EQ(s.args(), "tcrypt mode=300 alg=crc32c-vmx sec=3\n");
    ASSERT_EQ(run.rows.size(), 2u);
    EXPECT_EQ(run.rows[1].ops_per_s, 500u);
    // A second run reads from the new end: only its own records.
    Scratch s2;
    std::string before = good_records("crc32c-generic");
    OutputFile(s2.kmsg()).write(before);
    TcryptEnv env2 = env_for(s2, s2.modprobe(good_records("crc32c-vmx"), kEagain, 1));
    EXPECT_EQ(run_tcrypt("crc32c-vmx", "crc32c-vmx", 1, env2).reported_driver, "crc32c-vmx");
}

TEST(TcryptRunner, MissingTcryptModuleIsAClearError) {
    Scratch s;
    TcryptEnv env = env_for(
        s, s.modprobe("", "modprobe: FATAL: Module tcrypt not found in directory /lib/modules/6.1",
                      1));
    ExitCode code = ExitCode::ok;
    std::string msg = error_of([&] { run_tcrypt("crc32c-vmx", "crc32c-vmx", 1, env); }, &code);
    EXPECT_EQ(code, ExitCode::runtime);
    EXPECT_NE(msg.find("cannot load tcrypt"), std::string::npos) << msg;
    EXPECT_NE(msg.find("Module tcrypt not found"), std::string::npos) << msg;
    EXPECT_NE(msg.find("CONFIG_CRYPTO_TEST=m"), std::string::npos) << msg;
}

TEST(TcryptRunner, NoModprobeProgramIsAClearError) {
    Scratch s;
    TcryptEnv env = env_for(s, "/nonexistent/modprobe");
    EXPECT_NE(error_of([&] {
                  run_tcrypt("crc32c-vmx", "crc32c-vmx", 1, env);
              }).find("cannot run /nonexistent/modprobe"),
              std::string::npos);
}

TEST(TcryptRunner, ModprobeSucceedingWithoutOutputMeansAlreadyLoaded) {
    Scratch s;
    TcryptEnv env = env_for(s, s.modprobe("", "", 0));
    EXPECT_NE(error_of([&] {
                  run_tcrypt("crc32c-vmx", "crc32c-vmx", 1, env);
              }).find("already loaded? rmmod tcrypt"),
              std::string::npos);
}

TEST(TcryptRunner, NotRootIsAPermissionError) {
    Scratch s;
    TcryptEnv env = env_for(s, s.modprobe(good_records("crc32c-vmx"), kEagain, 1));
    env.is_root = false;
    ExitCode code = ExitCode::ok;
    Progress progress(false);
    std::string msg =
        error_of([&] { measure_in_kernel({"crc32c-vmx"}, std::nullopt, 1, env, progress); }, &code);
    EXPECT_EQ(code, ExitCode::permission);
    EXPECT_NE(msg.find("the tcrypt backend needs root"), std::string::npos) << msg;
    EXPECT_THROW(s.args(), ToolError) << "modprobe ran although not root";
}

TEST(TcryptRunner, MeasuresKernelDriversAndSkipsUserspaceBaselines) {
    Scratch s;
    TcryptEnv env = env_for(s, s.modprobe(good_records("crc32c-generic"), kEagain, 1));
    Progress progress(false);
    InKernelResults r =
        measure_in_kernel({"crc32c-generic", "user:slice8"}, std::nullopt, 2, env, progress);
    EXPECT_EQ(r.sec, 2u);
    ASSERT_EQ(r.rows.size(), 2u);
    EXPECT_EQ(r.rows[0].size, 16u);
    EXPECT_DOUBLE_EQ(r.rows[0].ns_per_op, 1e6);
    ASSERT_TRUE(r.rows[0].ratio_to_generic);
    EXPECT_DOUBLE_EQ(*r.rows[0].ratio_to_generic, 1.0);
    ASSERT_EQ(r.not_measured.size(), 1u);
    EXPECT_EQ(r.not_measured[0].driver, "user:slice8");
}
