// SPDX-License-Identifier: GPL-2.0-only
#include "worker_pool.h"

#include "error.h"
#include "kcapi_errors.h"

#include <algorithm>
#include <cerrno>
#include <memory>
#include <new>
#include <pthread.h>
#include <sched.h>
#include <string>
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

WorkerPool::WorkerPool(std::size_t count, const std::vector<unsigned> &cpus,
                       const std::function<void(std::size_t)> &on_start)
    : count_(count), errors_(count) {
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
    std::unique_lock lock(m_);
    done_.wait(lock, [&] { return ready_ == count_; });
    for (std::exception_ptr &e : errors_)
        if (e) {
            std::exception_ptr first = e;
            lock.unlock();
            stop_all();
            std::rethrow_exception(first);
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
        if (t.joinable())
            t.join();
    threads_.clear();
}

void WorkerPool::start(Job job) {
    {
        std::lock_guard lock(m_);
        job_ = std::move(job);
        busy_ = count_;
        for (std::exception_ptr &e : errors_)
            e = nullptr;
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
    // Pinned once, before the thread touches anything.
    std::exception_ptr error;
    try {
        if (pin)
            pin_to(cpu);
        if (on_start)
            on_start(t);
    } catch (...) {
        error = std::current_exception();
    }
    std::uint64_t seen = 0;
    {
        std::lock_guard lock(m_);
        errors_[t] = error;
        ++ready_;
        seen = generation_;
    }
    done_.notify_all();
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_);
            wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
            if (quit_)
                return;
            seen = generation_;
            job = job_;
        }
        std::exception_ptr failed;
        try {
            job(t);
        } catch (...) {
            failed = std::current_exception();
        }
        {
            std::lock_guard lock(m_);
            errors_[t] = failed;
            --busy_;
        }
        done_.notify_all();
    }
}

} // namespace crcbench
