// SPDX-License-Identifier: GPL-2.0-only
#include "bench.h"
#include "crc_alg.h"
#include "error.h"
#include "output.h"
#include "soft_hasher.h"
#include "system_info.h"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <sched.h>
#include <set>
#include <thread>
#include <unistd.h>

using namespace crcbench;
using crcbench::tst::soft_factory;
using crcbench::tst::SoftHasher;
using namespace std::chrono_literals;

namespace {
BenchSettings quick(unsigned threads, std::uint64_t iterations) {
    BenchSettings s;
    s.threads = threads;
    s.iterations = iterations;
    s.warmup = 0ms;
    s.trials = 3;
    s.seed = 11;
    return s;
}
} // namespace

TEST(Bench, IterationsModeCountsEveryOperation) {
    auto cells =
        run_bench({"crc32c-generic", "crc32c-x"}, {64, 1024}, quick(3, 20), soft_factory());
    ASSERT_EQ(cells.size(), 4u);
    EXPECT_EQ(cells[0].driver, "crc32c-generic");
    EXPECT_EQ(cells[0].size, 64u);
    EXPECT_EQ(cells[3].driver, "crc32c-x");
    EXPECT_EQ(cells[3].size, 1024u);
    for (const auto &c : cells) {
        ASSERT_EQ(c.trials.size(), 3u);
        for (const auto &t : c.trials) {
            EXPECT_EQ(t.ops, 60u);
            EXPECT_EQ(t.bytes, 60u * c.size);
            EXPECT_GT(t.seconds, 0.0);
        }
        EXPECT_EQ(c.checked_ops, 180u);
        EXPECT_EQ(c.mismatches, 0u);
    }
}

TEST(Bench, DurationModeAndWarmup) {
    BenchSettings s;
    s.threads = 2;
    s.duration = 20ms;
    s.warmup = 5ms;
    s.trials = 2;
    auto cells = run_bench({"crc32c-generic"}, {256}, s, soft_factory());
    ASSERT_EQ(cells.size(), 1u);
    ASSERT_EQ(cells[0].trials.size(), 2u);
    for (const auto &t : cells[0].trials) {
        EXPECT_GT(t.ops, 0u);
        EXPECT_GE(t.seconds, 0.015);
    }
    std::uint64_t timed = cells[0].trials[0].ops + cells[0].trials[1].ops;
    EXPECT_GT(cells[0].checked_ops, timed); // warm-up results are checked too
}

// --warmup-runs: whole untimed trials, counted; every result checked.
TEST(Bench, WarmupRunsAreWholeUntimedTrials) {
    BenchSettings s = quick(2, 20);
    s.trials = 2;
    s.warmup = 50ms; // not used: the count replaces the time
    s.warmup_runs = 3;
    auto cells = run_bench({"crc32c-generic", "crc32c-x"}, {64}, s, soft_factory());
    for (const auto &c : cells) {
        ASSERT_EQ(c.trials.size(), 2u);
        EXPECT_EQ(c.checked_ops, (3u + 2u) * 2u * 20u) << c.driver;
    }
    s.warmup_runs = 0;
    for (const auto &c : run_bench({"crc32c-generic"}, {64}, s, soft_factory()))
        EXPECT_EQ(c.checked_ops, 2u * 2u * 20u);
}

// --min-runs/--max-runs: the count fills kRunBudget, within the bounds.
TEST(Bench, BoundedTrialsFollowTheTrialLength) {
    EXPECT_EQ(bounded_trials(0.25, {10, 1000}), 12u);
    EXPECT_EQ(bounded_trials(0.7, {1, 1000}), 5u);
    EXPECT_EQ(bounded_trials(5.0, {10, 1000}), 10u); // at least min
    EXPECT_EQ(bounded_trials(0.001, {10, 1000}), 1000u);
    EXPECT_EQ(bounded_trials(0.001, {2, 50}), 50u); // at most max
    EXPECT_EQ(bounded_trials(0.0, {2, 7}), 7u);
}

TEST(Bench, MinMaxRunsGiveEveryDriverOfASizeOneCount) {
    // Trials of a few operations are far below the budget: the most.
    BenchSettings s = quick(1, 5);
    s.run_bounds = RunBounds{2, 6};
    for (const auto &c : run_bench({"crc32c-generic", "crc32c-x"}, {64, 256}, s, soft_factory()))
        EXPECT_EQ(c.trials.size(), 6u) << c.driver << " " << c.size;
    // Trials of 700 ms: five fill the budget, four if the first one ran
    // past 750 ms (a loaded machine): the count follows the first trial's
    // measured length, not the one asked for.
    BenchSettings slow;
    slow.duration = 700ms;
    slow.warmup = 0ms;
    slow.run_bounds = RunBounds{1, 100};
    auto cells = run_bench({"crc32c-generic"}, {64}, slow, soft_factory());
    ASSERT_FALSE(cells[0].trials.empty());
    const double first = cells[0].trials.front().seconds;
    EXPECT_GT(first, 0.5); // the workers start a moment after the trial clock
    EXPECT_EQ(cells[0].trials.size(), bounded_trials(first, {1, 100})) << first << " s";
    EXPECT_LE(cells[0].trials.size(), 5u);
}

TEST(Bench, WrongResultsAreCaughtWhileMeasuring) {
    auto cells =
        run_bench({"crc32c-generic", "crc32c-broken"}, {64, 4096}, quick(2, 5), soft_factory());
    EXPECT_EQ(cells[0].mismatches, 0u); // generic 64
    EXPECT_EQ(cells[1].mismatches, 0u); // broken 64: right below 4096
    EXPECT_EQ(cells[2].mismatches, 0u); // generic 4096
    EXPECT_EQ(cells[3].mismatches, 30u);
    ASSERT_TRUE(cells[3].first_mismatch);
    EXPECT_EQ(cells[3].first_mismatch->c.length, 4096u);
    EXPECT_EQ(cells[3].first_mismatch->got, cells[3].first_mismatch->expected ^ 1u);
    auto rows = make_rows(cells);
    EXPECT_FALSE(rows[3].ratio_to_generic); // a wrong driver gets no ratio
    EXPECT_TRUE(rows[1].ratio_to_generic);
}

TEST(Bench, StreamModeSplitsIntoChunks) {
    BenchSettings s = quick(1, 4);
    s.mode = OpMode::stream;
    s.chunk = 100;
    EXPECT_EQ(stream_pieces(250, s), (std::vector<std::size_t>{100, 100, 50}));
    s.chunk.reset();
    EXPECT_EQ(stream_pieces(250, s), (std::vector<std::size_t>{250}));
    s.mode = OpMode::digest;
    EXPECT_TRUE(stream_pieces(250, s).empty());

    std::atomic<int> updates{0}, finals{0}, digests{0};
    struct Counting : SoftHasher {
        std::atomic<int> &u, &f, &d;
        Counting(std::atomic<int> &u_, std::atomic<int> &f_, std::atomic<int> &d_)
            : u(u_), f(f_), d(d_) {}
        void update(std::span<const std::uint8_t> data) override {
            ++u;
            SoftHasher::update(data);
        }
        Digest final() override {
            ++f;
            return SoftHasher::final();
        }
        Digest digest(std::span<const std::uint8_t> data) override {
            ++d;
            return SoftHasher::digest(data);
        }
    };
    HasherFactory f = [&](const std::string &) -> std::unique_ptr<Crc32cHasher> {
        return std::make_unique<Counting>(updates, finals, digests);
    };
    s = quick(1, 4);
    s.mode = OpMode::stream;
    s.chunk = 100;
    auto cells = run_bench({"d"}, {250}, s, f);
    EXPECT_EQ(cells[0].mismatches, 0u);
    EXPECT_EQ(finals.load(), 12);  // 3 trials x 4 operations
    EXPECT_EQ(updates.load(), 36); // 3 chunks each
    EXPECT_EQ(digests.load(), 0);
}

TEST(Bench, ErrorsInWorkerThreadsPropagate) {
    HasherFactory failing = [](const std::string &) -> std::unique_ptr<Crc32cHasher> {
        struct Failing : SoftHasher {
            Digest digest(std::span<const std::uint8_t>) override {
                throw ToolError(ExitCode::runtime, "boom");
            }
        };
        return std::make_unique<Failing>();
    };
    try {
        run_bench({"d"}, {64}, quick(4, 10), failing);
        FAIL() << "no exception";
    } catch (const ToolError &e) {
        EXPECT_STREQ(e.what(), "boom");
    }
}

TEST(Bench, RowsCarryStatisticsAndBaselineRatio) {
    std::vector<CellResult> cells(2);
    cells[0].driver = "crc32c-generic";
    cells[1].driver = "crc32c-vmx";
    for (auto &c : cells) {
        c.size = 1000;
        c.checked_ops = 30;
    }
    cells[0].trials = {{1.0, 1000000, 1000}, {1.0, 2000000, 2000}, {1.0, 3000000, 3000}};
    cells[1].trials = {{1.0, 8000000, 8000}, {0.5, 2000000, 2000}, {2.0, 20000000, 20000}};
    auto rows = make_rows(cells);
    EXPECT_DOUBLE_EQ(rows[0].bytes_per_s.median, 2e6);
    EXPECT_DOUBLE_EQ(rows[0].ops_per_s.max, 3000);
    EXPECT_DOUBLE_EQ(*rows[0].ratio_to_generic, 1.0);
    EXPECT_DOUBLE_EQ(rows[1].bytes_per_s.min, 4e6);
    EXPECT_DOUBLE_EQ(rows[1].bytes_per_s.median, 8e6);
    EXPECT_DOUBLE_EQ(rows[1].bytes_per_s.max, 1e7);
    // Paired per trial: 8e6/1e6, 4e6/2e6, 1e7/3e6 -> median 10/3, not 8e6/2e6.
    EXPECT_DOUBLE_EQ(*rows[1].ratio_to_generic, 10.0 / 3.0);
    EXPECT_DOUBLE_EQ(rows[1].ratio_trials->min, 2.0);
    EXPECT_DOUBLE_EQ(rows[1].ratio_trials->max, 8.0);
    EXPECT_TRUE(rows[1].noisy);
    EXPECT_EQ(rows[1].trials, 3u);
}

// Drift common to all drivers (the machine slows down trial by trial)
// cancels in the paired ratio; a cell whose own ratio wobbles is noisy.
TEST(Bench, PairedRatiosCancelCommonDriftAndFlagNoise) {
    auto cell = [](const char *driver, std::vector<double> mbps) {
        CellResult c;
        c.driver = driver;
        c.size = 4096;
        c.checked_ops = 10;
        for (double m : mbps)
            c.trials.push_back({1.0, static_cast<std::uint64_t>(m * 1e6), 1});
        return c;
    };
    auto rows = make_rows({cell("crc32c-generic", {100, 200, 300, 400, 500}),
                           cell("crc32c-vmx", {300, 600, 900, 1200, 1500}),
                           cell("crc32c-wobbly", {300, 480, 900, 1200, 1500})});
    EXPECT_DOUBLE_EQ(*rows[1].ratio_to_generic, 3.0);
    EXPECT_DOUBLE_EQ(rows[1].ratio_trials->max - rows[1].ratio_trials->min, 0.0);
    EXPECT_FALSE(rows[1].noisy); // bytes/s spread 4x, paired ratio exact
    EXPECT_TRUE(rows[0].noisy);  // the baseline itself drifted
    EXPECT_TRUE(rows[2].noisy);  // 2.4 in trial 2 against 3.0: spread 20%
}

namespace {
// Records the CPU every digest ran on.
class CpuRecordingHasher : public Crc32cHasher {
  public:
    explicit CpuRecordingHasher(std::vector<int> &cpus, std::mutex &m) : cpus_(cpus), m_(m) {}
    Digest digest(std::span<const std::uint8_t> data) override {
        std::lock_guard lock(m_);
        cpus_.push_back(sched_getcpu());
        return crc32c_fast::digest(kDefaultSeed, data);
    }
    void set_seed(std::uint32_t) override {}
    void update(std::span<const std::uint8_t>) override {}
    Digest final() override { return 0; }

  private:
    std::vector<int> &cpus_;
    std::mutex &m_;
};
} // namespace

// --cpus: each thread runs only on its CPU (round robin over the list).
TEST(Bench, ThreadsArePinnedToTheirCpus) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    cpu_set_t allowed;
    ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    std::vector<unsigned> usable;
    for (unsigned c = 0; c < static_cast<unsigned>(online) && usable.size() < 2; ++c)
        if (CPU_ISSET(c, &allowed))
            usable.push_back(c);
    ASSERT_FALSE(usable.empty());
    for (unsigned cpu : usable) {
        std::vector<int> seen;
        std::mutex m;
        BenchSettings s;
        s.threads = 3;
        s.cpus = {cpu};
        s.iterations = 20;
        s.warmup = std::chrono::nanoseconds(0);
        s.trials = 2;
        run_bench({"crc32c-generic"}, {64}, s, [&](const std::string &) {
            return std::make_unique<CpuRecordingHasher>(seen, m);
        });
        ASSERT_EQ(seen.size(), 3u * 20u * 2u);
        for (int c : seen)
            EXPECT_EQ(c, static_cast<int>(cpu));
    }
    BenchSettings bad;
    bad.cpus = {4095};
    bad.iterations = 1;
    bad.trials = 1;
    EXPECT_THROW(run_bench({"crc32c-generic"}, {64}, bad, soft_factory()), ToolError);
}

// Issue 3.4: the CPUs a run report records as pinned (config.pinned_cpus):
// without --cpus, the first of the affinity mask, as many as the threads
// (all of it when fewer), and they are where the workers hashed.
TEST(Bench, PinnedCpusAreWhereTheWorkersRan) {
    EXPECT_EQ(occupied_cpus({3, 5, 9}, 2), (std::vector<unsigned>{3, 5}));
    EXPECT_EQ(occupied_cpus({3, 5}, 4), (std::vector<unsigned>{3, 5}));
    EXPECT_EQ(occupied_cpus({8, 0, 1}, 2), (std::vector<unsigned>{0, 8})); // ascending
    EXPECT_TRUE(occupied_cpus({}, 2).empty());                   // the mask unreadable: not pinned
    EXPECT_EQ(pool_cpus({7, 2}), (std::vector<unsigned>{7, 2})); // --cpus as given
    const std::vector<unsigned> allowed = allowed_cpus();
    ASSERT_FALSE(allowed.empty());
    EXPECT_EQ(pool_cpus({}), allowed);
    for (unsigned threads : {1u, 2u, 3u}) {
        std::vector<int> seen;
        std::mutex m;
        BenchSettings s = quick(threads, 20);
        run_bench({"crc32c-generic"}, {64}, s, [&](const std::string &) {
            return std::make_unique<CpuRecordingHasher>(seen, m);
        });
        std::set<unsigned> ran;
        for (int c : seen)
            ran.insert(static_cast<unsigned>(c));
        const std::vector<unsigned> pinned = occupied_cpus(pool_cpus({}), threads);
        EXPECT_EQ(std::vector<unsigned>(ran.begin(), ran.end()), pinned) << threads << " threads";
    }
}

namespace {
// Records which buffers are hashed; wrong on one chosen buffer address.
class AddressRecordingHasher : public Crc32cHasher {
  public:
    AddressRecordingHasher(std::vector<const std::uint8_t *> &seen, std::mutex &m, int wrong_call)
        : seen_(seen), m_(m), wrong_call_(wrong_call) {}
    Digest digest(std::span<const std::uint8_t> data) override {
        std::lock_guard lock(m_);
        seen_.push_back(data.data());
        std::uint32_t crc = crc32c_fast::digest(kDefaultSeed, data);
        return static_cast<int>(seen_.size()) == wrong_call_ ? crc ^ 1 : crc;
    }
    void set_seed(std::uint32_t) override {}
    void update(std::span<const std::uint8_t>) override {}
    Digest final() override { return 0; }

  private:
    std::vector<const std::uint8_t *> &seen_;
    std::mutex &m_;
    int wrong_call_;
};
} // namespace

// --working-set: each thread cycles through working_set / size buffers (all
// of them checked); without it, one buffer.
TEST(Bench, WorkingSetCyclesThroughDistinctBuffers) {
    for (std::optional<std::size_t> ws :
         {std::optional<std::size_t>{}, std::optional<std::size_t>{64 * 1024}}) {
        std::vector<const std::uint8_t *> seen;
        std::mutex m;
        BenchSettings s;
        s.threads = 1;
        s.iterations = 40;
        s.warmup = std::chrono::nanoseconds(0);
        s.trials = 1;
        s.working_set = ws;
        // The 3rd digest (third buffer of the ring) comes back wrong.
        auto cells = run_bench({"crc32c-generic"}, {4096}, s, [&](const std::string &) {
            return std::make_unique<AddressRecordingHasher>(seen, m, 3);
        });
        std::set<const std::uint8_t *> distinct(seen.begin(), seen.end());
        EXPECT_EQ(distinct.size(), ws ? 16u : 1u);
        ASSERT_TRUE(cells[0].first_mismatch);
        EXPECT_EQ(cells[0].mismatches, 1u);
        // The reproducer's data key names the buffer that failed.
        const Mismatch &mm = *cells[0].first_mismatch;
        std::vector<std::uint8_t> data(4096);
        fill_case_data(data, mm.c.data_key);
        EXPECT_EQ(crc32c_fast::digest(kDefaultSeed, data), mm.expected);
        EXPECT_EQ(mm.got, mm.expected ^ 1);
    }
}

namespace {
// Records which thread (and CPU) hashes which buffer.
class ThreadRecordingHasher : public Crc32cHasher {
  public:
    using Seen = std::vector<std::pair<const std::uint8_t *, std::thread::id>>;
    ThreadRecordingHasher(Seen &seen, std::mutex &m) : seen_(seen), m_(m) {}
    Digest digest(std::span<const std::uint8_t> data) override {
        std::lock_guard lock(m_);
        seen_.push_back({data.data(), std::this_thread::get_id()});
        return crc32c_fast::digest(kDefaultSeed, data);
    }
    void set_seed(std::uint32_t) override {}
    void update(std::span<const std::uint8_t>) override {}
    Digest final() override { return 0; }

  private:
    Seen &seen_;
    std::mutex &m_;
};
} // namespace

// First touch: every worker thread allocates and fills its own buffers,
// after pinning itself; the main thread touches none, and each buffer is
// hashed only by the thread that allocated and filled it.
TEST(Bench, WorkersFirstTouchTheirOwnBuffers) {
    cpu_set_t allowed;
    ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    unsigned cpu = 0;
    while (!CPU_ISSET(cpu, &allowed))
        ++cpu;
    struct Touch {
        const std::uint8_t *buffer;
        std::size_t length;
        bool allocated;
        std::thread::id thread;
        int cpu;
    };
    std::vector<Touch> touched;
    ThreadRecordingHasher::Seen hashed;
    std::mutex m;
    BenchSettings s;
    s.threads = 3;
    s.cpus = {cpu};
    s.working_set = 3 * 4096; // three buffers per thread
    s.iterations = 6;
    s.warmup = std::chrono::nanoseconds(0);
    s.trials = 1; // (a later trial's threads refill the buffers on the same CPUs)
    s.on_buffer_touched = [&](std::span<const std::uint8_t> b, bool allocated) {
        std::lock_guard lock(m);
        touched.push_back(
            {b.data(), b.size(), allocated, std::this_thread::get_id(), sched_getcpu()});
    };
    run_bench({"crc32c-generic"}, {4096}, s, [&](const std::string &) {
        return std::make_unique<ThreadRecordingHasher>(hashed, m);
    });
    // Each thread's ring is one allocation: [start, end) -> its allocator.
    struct Ring {
        const std::uint8_t *end;
        std::thread::id thread;
    };
    std::map<const std::uint8_t *, Ring> owner;
    auto owner_of = [&](const std::uint8_t *p) -> const Ring * {
        auto it = owner.upper_bound(p);
        if (it == owner.begin())
            return nullptr;
        --it;
        return p < it->second.end ? &it->second : nullptr;
    };
    std::set<std::thread::id> threads;
    std::size_t fills = 0;
    for (const Touch &t : touched) {
        EXPECT_NE(t.thread, std::this_thread::get_id()) << "a buffer touched by the main thread";
        EXPECT_EQ(t.cpu, static_cast<int>(cpu)) << "touched before the thread was pinned";
        if (t.allocated) {
            EXPECT_FALSE(owner_of(t.buffer)) << "allocated twice";
            EXPECT_GE(t.length, 3u * 4096u);
            owner[t.buffer] = Ring{t.buffer + t.length, t.thread};
            threads.insert(t.thread);
        } else {
            ++fills;
            const Ring *r = owner_of(t.buffer);
            ASSERT_TRUE(r) << "filled before it was allocated";
            EXPECT_LE(t.buffer + t.length, r->end) << "a buffer outside its ring";
            EXPECT_EQ(r->thread, t.thread) << "filled by another thread than its allocator";
        }
    }
    EXPECT_EQ(owner.size(), 3u);
    EXPECT_EQ(threads.size(), 3u);
    EXPECT_EQ(fills, 9u);
    ASSERT_EQ(hashed.size(), 3u * 6u);
    for (const auto &[buffer, thread] : hashed) {
        const Ring *r = owner_of(buffer);
        ASSERT_TRUE(r) << "hashed a buffer nobody allocated";
        EXPECT_EQ(r->thread, thread) << "a buffer hashed by another thread than its owner";
    }
}

namespace {
// Records, for every digest, the thread and the CPU it ran on.
class WhereRecordingHasher : public Crc32cHasher {
  public:
    struct Hash {
        const std::uint8_t *buffer;
        std::thread::id thread;
        int cpu;
    };
    WhereRecordingHasher(std::vector<Hash> &seen, std::mutex &m) : seen_(seen), m_(m) {}
    Digest digest(std::span<const std::uint8_t> data) override {
        std::lock_guard lock(m_);
        seen_.push_back({data.data(), std::this_thread::get_id(), sched_getcpu()});
        return crc32c_fast::digest(kDefaultSeed, data);
    }
    void set_seed(std::uint32_t) override {}
    void update(std::span<const std::uint8_t>) override {}
    Digest final() override { return 0; }

  private:
    std::vector<Hash> &seen_;
    std::mutex &m_;
};
} // namespace

// The persistent pinned pool (issue 3.4 item 5): without --cpus, the threads
// are created once for the whole run, each pinned once (the t-th allowed
// CPU); the thread and CPU that first touched a buffer are the ones that
// hash it in every driver, size and trial, the warm-ups included.
TEST(Bench, PinnedPoolHashesEachBufferWhereItWasFirstTouched) {
    std::mutex m;
    std::vector<std::pair<std::size_t, std::thread::id>> started;
    struct Touch {
        const std::uint8_t *ring;
        std::size_t length;
        std::thread::id thread;
        int cpu;
        std::size_t hashes_before; // a freed ring's address may come back
    };
    std::vector<Touch> rings;
    std::vector<WhereRecordingHasher::Hash> hashed;
    std::set<std::thread::id> fillers;
    BenchSettings s;
    s.threads = 3;
    s.working_set = 4 * 4096;
    s.iterations = 8;
    s.warmup = 2ms;
    s.trials = 3;
    s.on_worker_started = [&](std::size_t t) {
        std::lock_guard lock(m);
        started.push_back({t, std::this_thread::get_id()});
    };
    s.on_buffer_touched = [&](std::span<const std::uint8_t> b, bool allocated) {
        std::lock_guard lock(m);
        if (allocated)
            rings.push_back(
                {b.data(), b.size(), std::this_thread::get_id(), sched_getcpu(), hashed.size()});
        else
            fillers.insert(std::this_thread::get_id());
    };
    auto cells =
        run_bench({"crc32c-generic", "crc32c-x"}, {1024, 4096}, s, [&](const std::string &) {
            return std::make_unique<WhereRecordingHasher>(hashed, m);
        });
    // Threads: created once, three of them, none the main thread.
    ASSERT_EQ(started.size(), 3u);
    std::set<std::thread::id> pool;
    for (const auto &[t, id] : started) {
        EXPECT_NE(id, std::this_thread::get_id());
        pool.insert(id);
    }
    EXPECT_EQ(pool.size(), 3u);
    EXPECT_EQ(fillers, pool); // every refill (each trial's data) by the pool
    // One ring per worker and size, allocated by a pool thread; a thread
    // stays on one CPU for the run.
    ASSERT_EQ(rings.size(), 3u * 2u);
    std::map<std::thread::id, int> cpu_of;
    for (const Touch &r : rings) {
        EXPECT_TRUE(pool.count(r.thread));
        auto [it, fresh] = cpu_of.emplace(r.thread, r.cpu);
        EXPECT_EQ(it->second, r.cpu) << "a worker moved between CPUs";
    }
    std::vector<unsigned> allowed = allowed_cpus();
    ASSERT_FALSE(allowed.empty());
    for (const auto &[t, id] : started)
        EXPECT_EQ(cpu_of[id], static_cast<int>(worker_cpu(allowed, t)))
            << "worker " << t << " not on the t-th allowed CPU";
    // Every hash (2 drivers x 2 sizes x (3 trials + warm-up)) by the thread
    // that first touched that buffer's ring, on the CPU of that first touch.
    std::size_t timed = 0;
    for (std::size_t i = 0; i < hashed.size(); ++i) {
        const WhereRecordingHasher::Hash &h = hashed[i];
        const Touch *owner = nullptr; // the latest ring there before this hash
        for (const Touch &r : rings)
            if (r.hashes_before <= i && h.buffer >= r.ring && h.buffer < r.ring + r.length)
                owner = &r;
        ASSERT_TRUE(owner) << "hashed a buffer no worker touched";
        EXPECT_EQ(owner->thread, h.thread) << "hashed by another thread than its first toucher";
        EXPECT_EQ(owner->cpu, h.cpu) << "hashed on another CPU than its first touch";
    }
    for (const CellResult &c : cells) {
        EXPECT_EQ(c.mismatches, 0u);
        ASSERT_EQ(c.trials.size(), 3u);
        for (const TrialSample &t : c.trials)
            timed += t.ops;
    }
    EXPECT_EQ(timed, 2u * 2u * 3u * 3u * 8u);
    EXPECT_GT(hashed.size(), timed); // the warm-ups too
}

// A worker that cannot be pinned fails the run before anything is hashed,
// and the pool's threads end (no hang).
TEST(Bench, PoolPinningErrorsComeFirst) {
    std::mutex m;
    std::vector<WhereRecordingHasher::Hash> hashed;
    std::vector<unsigned> allowed = allowed_cpus();
    ASSERT_FALSE(allowed.empty());
    BenchSettings s;
    s.threads = 2;
    s.cpus = {allowed.front(), 4095};
    s.iterations = 1;
    s.trials = 1;
    std::atomic<int> started{0};
    s.on_worker_started = [&](std::size_t) { ++started; };
    EXPECT_THROW(run_bench({"crc32c-generic"}, {64}, s,
                           [&](const std::string &) {
                               return std::make_unique<WhereRecordingHasher>(hashed, m);
                           }),
                 ToolError);
    EXPECT_TRUE(hashed.empty());
    EXPECT_LE(started.load(), 1); // only the pinned one got that far
}

// --working-set is the memory of a thread's ring (one allocation carved at
// the size rounded up to a cache line), not one allocation per buffer.
TEST(Bench, WorkingSetBoundsTheMemory) {
    BenchSettings s;
    EXPECT_EQ(ring_count(64, s), 1u);
    EXPECT_EQ(ring_stride(64), kRingAlignment);
    EXPECT_EQ(ring_stride(0), kRingAlignment);
    EXPECT_EQ(ring_stride(4103), 4224u);
    s.working_set = std::size_t{64} << 20;
    EXPECT_EQ(ring_count(64, s), (std::size_t{64} << 20) / kRingAlignment);
    EXPECT_EQ(ring_count(4096, s), 16384u);
    EXPECT_EQ(ring_count(std::size_t{128} << 20, s), 1u); // a buffer above the set: one
    for (std::size_t size :
         {std::size_t{1}, std::size_t{64}, std::size_t{4103}, std::size_t{65536}})
        EXPECT_LE(ring_count(size, s) * ring_stride(size), *s.working_set) << size;
    EXPECT_EQ(bench_memory({64, 4096}, s, 4), std::uint64_t{4} * (64 << 20));
    s.working_set.reset();
    EXPECT_EQ(bench_memory({64, 1 << 20}, s, 2), std::uint64_t{2} << 20);
}

TEST(Bench, MemoryPreflight) {
    EXPECT_NO_THROW(check_bench_memory(1 << 20, std::nullopt, "x"));
    EXPECT_NO_THROW(check_bench_memory(1 << 20, 1 << 20, "x"));
    try {
        check_bench_memory(std::uint64_t{4} << 30, std::uint64_t{1} << 30,
                           "--working-set 1G with 4 threads");
        FAIL() << "no error";
    } catch (const ToolError &e) {
        EXPECT_EQ(e.code(), ExitCode::runtime);
        const std::string msg = e.what();
        EXPECT_NE(msg.find("--working-set 1G with 4 threads need 4G of buffers, more than the "
                           "1024M MemAvailable"),
                  std::string::npos)
            << msg;
    }
    EXPECT_EQ(meminfo_available("MemTotal:  100 kB\nMemAvailable:    2048 kB\n"), 2u << 20);
    EXPECT_EQ(meminfo_available("MemTotal:  100 kB\n"), std::nullopt);
    EXPECT_EQ(meminfo_available("MemAvailable: lots\n"), std::nullopt);
}
