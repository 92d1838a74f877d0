// SPDX-License-Identifier: GPL-2.0-only
#include "bench.h"

#include "error.h"
#include "interrupt.h"
#include "text.h"

#include <atomic>
#include <cerrno>
#include <cmath>
#include <latch>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <system_error>

namespace crcbench {
namespace {

// An empty dynamic CPU set with room for CPUs 0..n-1 (CPU_ALLOC_SIZE(n) bytes).
std::unique_ptr<cpu_set_t, void (*)(cpu_set_t *)> empty_cpu_set(unsigned n) {
    std::unique_ptr<cpu_set_t, void (*)(cpu_set_t *)> set(CPU_ALLOC(n),
                                                          [](cpu_set_t *p) { CPU_FREE(p); });
    if (!set)
        throw std::bad_alloc();
    CPU_ZERO_S(CPU_ALLOC_SIZE(n), set.get());
    return set;
}

void pin_to(unsigned cpu) {
    auto set = empty_cpu_set(cpu + 1);
    const std::size_t bytes = CPU_ALLOC_SIZE(cpu + 1);
    CPU_SET_S(cpu, bytes, set.get());
    int e = pthread_setaffinity_np(pthread_self(), bytes, set.get());
    if (e != 0)
        throw ToolError(ExitCode::runtime,
                        "cannot pin a thread to CPU " + std::to_string(cpu) + ": " + errno_text(e) +
                            " (offline, or not in this process's CPU set: " +
                            "see taskset -p $$ and /sys/devices/system/cpu/online)");
}

} // namespace

std::vector<unsigned> allowed_cpus() {
    // Dynamic CPU sets: large POWER machines have more than CPU_SETSIZE
    // hardware threads. Grow until the mask fits.
    for (unsigned n = 1024; n <= (1u << 20); n *= 2) {
        auto set = empty_cpu_set(n);
        const std::size_t bytes = CPU_ALLOC_SIZE(n);
        if (sched_getaffinity(0, bytes, set.get()) != 0) {
            if (errno == EINVAL)
                continue;
            return {};
        }
        std::vector<unsigned> cpus;
        for (unsigned c = 0; c < n; ++c)
            if (CPU_ISSET_S(c, bytes, set.get()))
                cpus.push_back(c);
        return cpus;
    }
    return {};
}

unsigned worker_cpu(const std::vector<unsigned> &cpus, std::size_t t) {
    return cpus[t % cpus.size()];
}

std::vector<unsigned> pool_cpus(const std::vector<unsigned> &requested) {
    return requested.empty() ? allowed_cpus() : requested;
}

std::vector<unsigned> occupied_cpus(const std::vector<unsigned> &pool, unsigned threads) {
    std::vector<unsigned> out;
    for (std::size_t t = 0; t < threads && t < pool.size(); ++t)
        out.push_back(worker_cpu(pool, t));
    std::sort(out.begin(), out.end());
    return out;
}

WorkerPool::WorkerPool(std::size_t count, const std::vector<unsigned> &cpus,
                       const std::function<void(std::size_t)> &on_start)
    : count_(count), busy_(count), errors_(count) {
    threads_.reserve(count);
    try {
        for (std::size_t t = 0; t < count; ++t) {
            const unsigned cpu = cpus.empty() ? 0 : worker_cpu(cpus, t);
            threads_.emplace_back(
                [this, t, cpu, pin = !cpus.empty(), &on_start] { loop(t, cpu, pin, on_start); });
        }
    } catch (const std::system_error &e) {
        const std::size_t started = threads_.size();
        stop_all();
        throw ToolError(ExitCode::runtime,
                        "cannot start thread " + std::to_string(started + 1) + " of " +
                            std::to_string(count) + ": " + e.code().message() +
                            " (use fewer --threads, or raise the limit: ulimit -v/-u)");
    }
    try {
        wait(); // every thread pinned (or failed to)
    } catch (...) {
        stop_all();
        throw;
    }
}

WorkerPool::~WorkerPool() {
    stop_all();
}

void WorkerPool::stop_all() {
    {
        std::lock_guard lock(m_);
        quit_ = true;
    }
    wake_.notify_all();
    for (std::thread &t : threads_)
        t.join();
    threads_.clear();
}

void WorkerPool::start(Job job) {
    {
        std::lock_guard lock(m_);
        job_ = std::move(job);
        busy_ = count_;
        std::ranges::fill(errors_, nullptr);
        ++generation_;
    }
    wake_.notify_all();
}

void WorkerPool::wait() {
    std::unique_lock lock(m_);
    done_.wait(lock, [&] { return busy_ == 0; });
    for (const std::exception_ptr &e : errors_)
        if (e)
            std::rethrow_exception(e);
}

void WorkerPool::loop(std::size_t t, unsigned cpu, bool pin,
                      const std::function<void(std::size_t)> &on_start) {
    // The first job: pinned once, before the thread touches anything.
    Job job = [&](std::size_t) {
        if (pin)
            pin_to(cpu);
        if (on_start)
            on_start(t);
    };
    for (std::uint64_t seen = 0;;) {
        std::exception_ptr failed;
        try {
            job(t);
        } catch (...) {
            failed = std::current_exception();
        }
        std::unique_lock lock(m_);
        errors_[t] = failed;
        --busy_;
        done_.notify_all();
        wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
        if (quit_)
            return;
        seen = generation_;
        job = job_;
    }
}

namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
    std::uint64_t x = a * 0x9E3779B97F4A7C15ull + b;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// One thread's private state: a hasher per driver, its buffers (one, or a
// ring that spans --working-set: one allocation carved into `count` slices
// `stride` bytes apart), and their digests.
struct Worker {
    std::vector<std::unique_ptr<Crc32cHasher>> hashers;
    AlignedBuffer ring;
    std::size_t count = 0, stride = 0, length = 0; // of the carved ring
    std::vector<Digest> expected;
    std::uint64_t data_key = 0;
    bool stale = true; // buffers to (re)fill by the thread itself before timing

    // The data key of buffer i (buffer 0 keeps the plain key).
    std::uint64_t key(std::size_t i) const { return i == 0 ? data_key : mix(data_key, i); }
    std::span<std::uint8_t> buffer(std::size_t i) { return ring.subspan(i * stride, length); }
};

// The calling thread's user and system CPU seconds (getrusage RUSAGE_THREAD).
std::pair<double, double> thread_cpu_seconds() {
    rusage ru{};
    if (getrusage(RUSAGE_THREAD, &ru) != 0)
        return {0, 0};
    auto sec = [](const timeval &tv) {
        return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
    };
    return {sec(ru.ru_utime), sec(ru.ru_stime)};
}

struct ThreadTally {
    Clock::time_point start{}, end{};
    std::pair<double, double> cpu_start{}, cpu_end{}; // thread_cpu_seconds()
    std::uint64_t ops = 0;
    std::uint64_t mismatches = 0;
    Digest first_got = 0;
    std::size_t first_buffer = 0; // which buffer of the ring gave first_got
};

class Runner {
  public:
    Runner(const std::vector<std::string> &drivers, const BenchSettings &s,
           const HasherFactory &factory)
        : drivers_(drivers), s_(s), workers_(s.threads) {
        // Handles are opened here, serially, before any timing.
        for (Worker &w : workers_)
            for (const std::string &d : drivers_)
                w.hashers.push_back(factory(d));
        // Then the threads, once for the whole run: each pins itself to its
        // CPU (--cpus, or else the process's allowed CPUs in turn) and is
        // the only one ever to touch its worker's buffers.
        pool_.emplace(workers_.size(), pool_cpus(s.cpus), s.on_worker_started);
    }

    void prepare(std::size_t size, unsigned trial) {
        size_ = size;
        pieces_ = stream_pieces(size, s_);
        for (std::size_t t = 0; t < workers_.size(); ++t) {
            Worker &w = workers_[t];
            w.data_key = mix(mix(s_.seed, size), mix(trial, t));
            w.stale = true; // filled by its thread (setup), untimed
        }
    }

    // One timed pass of driver d; adds checks and mismatches to cell.
    TrialSample measure(std::size_t d, std::chrono::nanoseconds duration,
                        std::optional<std::uint64_t> iterations, CellResult &cell) {
        std::vector<ThreadTally> tallies(workers_.size());
        std::atomic<bool> stop{false};
        // The clock of a duration trial starts once every worker is set up.
        std::latch running(static_cast<std::ptrdiff_t>(workers_.size()));
        // A worker's error is rethrown by wait(), the first in worker order.
        pool_->start([&](std::size_t t) {
            std::exception_ptr error;
            try {
                setup(t);
            } catch (...) {
                error = std::current_exception();
            }
            running.arrive_and_wait(); // all set up: start together
            if (error)
                std::rethrow_exception(error);
            work(*workers_[t].hashers[d], workers_[t], stop, iterations, tallies[t]);
        });
        running.wait();
        if (!iterations) {
            // In slices, so that SIGINT/SIGTERM ends a long trial soon.
            const Clock::time_point deadline = Clock::now() + duration;
            for (Clock::time_point now = Clock::now(); now < deadline && !interrupt_signal();
                 now = Clock::now())
                std::this_thread::sleep_for(
                    std::min<Clock::duration>(deadline - now, std::chrono::milliseconds(20)));
            stop.store(true, std::memory_order_relaxed);
        }
        pool_->wait();
        TrialSample sample;
        Clock::time_point first = tallies.front().start, last = tallies.front().end;
        for (std::size_t t = 0; t < tallies.size(); ++t) {
            const ThreadTally &tt = tallies[t];
            first = std::min(first, tt.start);
            last = std::max(last, tt.end);
            sample.ops += tt.ops;
            sample.user_s += tt.cpu_end.first - tt.cpu_start.first;
            sample.system_s += tt.cpu_end.second - tt.cpu_start.second;
            cell.checked_ops += tt.ops;
            cell.mismatches += tt.mismatches;
            if (tt.mismatches && !cell.first_mismatch) {
                const Worker &w = workers_[t];
                VerifyCase c{
                    .length = size_, .pieces = pieces_, .data_key = w.key(tt.first_buffer)};
                cell.first_mismatch =
                    Mismatch{drivers_[d], c, w.expected[tt.first_buffer], tt.first_got, s_.alg};
            }
        }
        sample.bytes = sample.ops * size_;
        sample.seconds = std::chrono::duration<double>(last - first).count();
        return sample;
    }

  private:
    // In worker t (pinned since it started), before timing: (re)allocate
    // and fill its buffers there, so the pages are first touched by the
    // thread and CPU that hash them (local memory on NUMA machines).
    void setup(std::size_t t) {
        Worker &w = workers_[t];
        if (!w.stale)
            return;
        // --working-set: enough buffers of this size to span it, hashed in
        // turn, so the data is not cache-resident when the set is larger
        // than the caches. One allocation for all of them: the memory is
        // the working set, not one rounded-up allocation per buffer.
        const std::size_t count = ring_count(size_, s_), stride = ring_stride(size_);
        if (w.count != count || w.length != size_) {
            w.ring = AlignedBuffer(); // the old ring goes before the new one comes
            w.ring = AlignedBuffer(count * stride, kCaseAlignment);
            w.count = count;
            w.stride = stride;
            w.length = size_;
            if (s_.on_buffer_touched)
                s_.on_buffer_touched(w.ring.span(), true);
        }
        w.expected.resize(count);
        for (std::size_t i = 0; i < count; ++i) {
            fill_case_data(w.buffer(i), w.key(i));
            w.expected[i] = reference_digest(s_.alg, std::nullopt, w.buffer(i));
            if (s_.on_buffer_touched)
                s_.on_buffer_touched(w.buffer(i), false);
        }
        w.stale = false;
    }

    // The measuring loop. Per operation: the hasher call(s) and one compare.
    void work(Crc32cHasher &h, Worker &w, const std::atomic<bool> &stop,
              std::optional<std::uint64_t> iterations, ThreadTally &tally) {
        const std::size_t count = w.count;
        const std::uint64_t limit = iterations.value_or(~std::uint64_t{0});
        std::uint64_t ops = 0, bad = 0;
        Digest first_got = 0;
        std::size_t first_buffer = 0, i = 0;
        tally.cpu_start = thread_cpu_seconds();
        tally.start = Clock::now();
        while (ops < limit && !stop.load(std::memory_order_relaxed) && !interrupt_signal()) {
            const std::span<const std::uint8_t> data = w.buffer(i);
            const Digest expected = w.expected[i];
            const Digest got = hash_pieces(h, data, pieces_);
            if (got != expected) [[unlikely]] {
                if (bad++ == 0) {
                    first_got = got;
                    first_buffer = i;
                }
            }
            ++ops;
            if (++i == count)
                i = 0;
        }
        tally.end = Clock::now();
        tally.cpu_end = thread_cpu_seconds();
        tally.ops = ops;
        tally.mismatches = bad;
        tally.first_got = first_got;
        tally.first_buffer = first_buffer;
    }

    const std::vector<std::string> &drivers_;
    const BenchSettings &s_;
    std::vector<Worker> workers_;
    std::optional<WorkerPool> pool_; // after workers_: its threads end first
    std::size_t size_ = 0;
    std::vector<std::size_t> pieces_;
};

} // namespace

std::size_t ring_stride(std::size_t size) {
    return std::max<std::size_t>(1, (size + kRingAlignment - 1) / kRingAlignment) * kRingAlignment;
}

std::size_t ring_count(std::size_t size, const BenchSettings &settings) {
    const std::optional<std::size_t> &ws = settings.working_set;
    return !ws || *ws <= size ? 1 : std::max<std::size_t>(1, *ws / ring_stride(size));
}

std::uint64_t bench_memory(const std::vector<std::size_t> &sizes, const BenchSettings &settings,
                           unsigned threads) {
    std::uint64_t per_thread = 0;
    for (std::size_t size : sizes) {
        std::uint64_t bytes = std::uint64_t{ring_count(size, settings)} * ring_stride(size);
        bytes = (bytes + kCaseAlignment - 1) / kCaseAlignment * kCaseAlignment;
        per_thread = std::max(per_thread, bytes);
    }
    return per_thread * threads;
}

void check_bench_memory(std::uint64_t need, std::optional<std::uint64_t> available,
                        const std::string &what) {
    if (!available || need <= *available)
        return;
    throw ToolError(ExitCode::runtime,
                    what + " need " + format_size(need) + " of buffers, more than the " +
                        std::to_string(*available >> 20) +
                        "M MemAvailable in /proc/meminfo: use a smaller --working-set, " +
                        "fewer --threads or smaller --sizes");
}

std::vector<std::size_t> stream_pieces(std::size_t size, const BenchSettings &settings) {
    std::vector<std::size_t> pieces;
    if (settings.mode != OpMode::stream)
        return pieces;
    std::size_t chunk = settings.chunk.value_or(size);
    if (chunk == 0)
        chunk = size;
    for (std::size_t pos = 0; pos < size; pos += chunk)
        pieces.push_back(std::min(chunk, size - pos));
    if (pieces.empty())
        pieces.push_back(0);
    return pieces;
}

unsigned bounded_trials(double fastest, const RunBounds &bounds) {
    const double budget = std::chrono::duration<double>(kRunBudget).count();
    double want = fastest > 0 ? std::ceil(budget / fastest) : bounds.max;
    return static_cast<unsigned>(std::clamp(want, double(bounds.min), double(bounds.max)));
}

std::vector<CellResult> run_bench(const std::vector<std::string> &drivers,
                                  const std::vector<std::size_t> &sizes,
                                  const BenchSettings &settings, const HasherFactory &factory,
                                  const BenchProgress &progress) {
    Runner runner(drivers, settings, factory);
    std::vector<CellResult> results;
    const std::size_t nd = drivers.size();
    // With bounds, a size's count is known after its first round: until
    // then the progress counts the least it can be.
    const unsigned first_guess = settings.run_bounds ? settings.run_bounds->min : settings.trials;
    std::size_t total = sizes.size() * nd * (first_guess + 1);
    std::size_t step = 0;
    auto report = [&](const std::string &what) {
        if (progress)
            progress(step, total, what);
    };
    for (std::size_t size : sizes) {
        std::size_t base = results.size();
        for (const std::string &d : drivers)
            results.push_back(CellResult{d, size, {}, 0, 0, std::nullopt});
        runner.prepare(size, 0);
        for (std::size_t d = 0; d < nd; ++d) {
            report("warm-up " + drivers[d] + " " + format_size(size));
            if (settings.warmup_runs) {
                // Whole untimed trials, as hyperfine's warm-up runs.
                for (unsigned n = 0; n < *settings.warmup_runs && !interrupt_signal(); ++n)
                    runner.measure(d, settings.duration, settings.iterations, results[base + d]);
            } else if (settings.warmup.count() > 0 && !interrupt_signal()) {
                runner.measure(d, settings.warmup, std::nullopt, results[base + d]);
            }
            ++step;
        }
        unsigned planned = first_guess;
        for (unsigned trial = 0; trial < planned && !interrupt_signal(); ++trial) {
            if (trial > 0)
                runner.prepare(size, trial); // fresh data: a new sample for the check
            for (std::size_t k = 0; k < nd; ++k) {
                std::size_t d = (k + trial) % nd; // rotate who goes first
                report(drivers[d] + " " + format_size(size) + " trial " +
                       std::to_string(trial + 1) + "/" + std::to_string(planned));
                CellResult &cell = results[base + d];
                TrialSample t = runner.measure(d, settings.duration, settings.iterations, cell);
                if (interrupt_signal())
                    break; // a cut-short trial is no sample
                cell.trials.push_back(t);
                ++step;
            }
            if (trial == 0 && settings.run_bounds && !interrupt_signal()) {
                double fastest = results[base].trials.front().seconds;
                for (std::size_t d = 1; d < nd; ++d)
                    fastest = std::min(fastest, results[base + d].trials.front().seconds);
                planned = bounded_trials(fastest, *settings.run_bounds);
                total += nd * (planned - first_guess);
            }
        }
        if (interrupt_signal()) {
            // Only trials every driver completed stay, so the ratios stay
            // paired; a cell may be left with none (its checks and its
            // mismatch, if any, still count).
            std::size_t complete = planned;
            for (std::size_t d = 0; d < nd; ++d)
                complete = std::min(complete, results[base + d].trials.size());
            for (std::size_t d = 0; d < nd; ++d)
                results[base + d].trials.resize(complete);
            break;
        }
    }
    report("done");
    return results;
}

} // namespace crcbench
