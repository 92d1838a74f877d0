// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c_vmx_ctx: for tests only. Calls a driver (parameter "driver":
 * crc32c-vmx unless told; crct10dif-vmx and crc64-rocksoft-vmx for
 * crc_family_vmx.sh) from process context, from softirq context (a timer
 * and a tasklet) and from hardirq context (an irq_work), and compares every
 * digest with a reference driver's (parameter "reference": unless told,
 * CRC_VMX_TEST_REF_DRIVER, crc32c-generic, crc32c-lib from 6.17). Both
 * must have the same digest size, at most 8 bytes.
 *
 * Each context runs the same cases: every length 0..4096 (at a rotating
 * offset), every length 0..256 at all 16 offsets and a few long messages
 * (around the 32 KiB chunk size, up to 200003 bytes) at offsets 0 and 5; a
 * third of the cases also go through init, two updates and final. The
 * interrupt contexts run the cases in batches, one batch per timer expiry,
 * tasklet run or irq_work run, and check that they really run in softirq
 * (in_serving_softirq()) or hardirq (in_hardirq()) context.
 *
 * A last phase hashes the long messages in process context while a pinned
 * hardirq hrtimer on the same CPU fires every 100 us and hashes too: hard
 * interrupts then arrive while the driver is inside its vector section, the
 * case where an interrupt-context user of the vector unit would destroy the
 * interrupted computation. It runs until at least 20 interrupts have hit a
 * call of the driver (or 10 s have passed; none at all is an error).
 *
 * Writing a length LEN (1..KTHREAD_MAX_LEN) to the parameter kthread_run
 * hashes KTHREAD_CALLS messages of LEN bytes from a kernel thread (a
 * workqueue worker, which has no user register state), compares each with
 * the reference driver and reports in kthread_result and kthread_bytes:
 * crc32c_vmx_contexts.sh checks from crc32c_vmx's counters which path they
 * took (the vector path from the glue's threshold up, the other half of
 * crc32c_vmx_livestate; the fallback below it) and, for messages longer
 * than one chunk, into how many vector sections each was cut.
 *
 * The kernel-thread run hashes with the driver too; only crc32c-vmx has
 * the counters it is checked against. Given the driver's core functions
 * (parameter section_probes: each called once per vector section, with
 * the section's length as third argument), it also puts a kprobe on each
 * for the run and records the length of every section the worker's calls
 * open: each message must be cut the same way, and kthread_sections
 * reports the cut ("20016,19986"), which the script compares with the one
 * docs/driver.md describes. The counters give only the number of sections.
 *
 * Loading it runs everything else, and it stays loaded (until rmmod) to report
 * in read-only parameters: "result" is 0 if all digests matched, -EBADMSG
 * after a mismatch (each is logged with context, length, offset, expected
 * and got), -EPROTO if a callback ran in the wrong context or a call of
 * the driver returned with another preemption count or page-fault-disable
 * depth than it was called with (a section left open), -ETIMEDOUT if
 * one never ran, -EAGAIN if no interrupt hit a call of the driver. The byte
 * counts tell the test script how much went to the driver from interrupt
 * context (which must take the fallback) and from process context in pieces
 * of 4 KiB or more (which must take the vector path); the script compares
 * them with crc32c_vmx's stats. Init fails only if the test cannot run (no
 * driver or reference driver, digests of different sizes, no memory).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/hash.h>
#include <linux/completion.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/irq_work.h>
#include <linux/jiffies.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stringify.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include "crc_vmx_test_compat.h"

#define SHORT_MAX		4096	/* every length 0..SHORT_MAX */
#define ALL_OFFSETS_MAX		256	/* every length 0..ALL_OFFSETS_MAX at every offset */
#define OFFSETS			16
#define LONG_PIECE		4096	/* pieces this long surely take the vector path */
#define BATCH_BYTES		(256 * 1024)
#define CTX_TIMEOUT		(60 * HZ)
#define MAX_REPORTS		10
#define HRTIMER_PERIOD_NS	(100 * NSEC_PER_USEC)
#define MIN_OVERLAPS		20
#define OVERLAP_TIMEOUT		(10 * HZ)
#define KTHREAD_MAX_LEN		100000	/* over three chunks of the glue (CRC_VMX_CHUNK) */
#define KTHREAD_CALLS		64
#define MAX_DIGEST		8	/* crc64-rocksoft's */
#define MAX_PROBES		2	/* crc32c-vmx: crc32c_vmx_core and crc32c_vmx_core_isa31 */
#define MAX_SECTIONS		8	/* KTHREAD_MAX_LEN is cut into 4 */

static const u32 long_lengths[] = { 32767, 32768, 32769, 65536, 65536 + 4097, 200003 };
static const u32 long_offsets[] = { 0, 5 };

#define N_SHORT		(SHORT_MAX + 1)
#define N_ALL_OFFSETS	((ALL_OFFSETS_MAX + 1) * OFFSETS)
#define N_LONG		(ARRAY_SIZE(long_lengths) * ARRAY_SIZE(long_offsets))
#define N_CASES		(N_SHORT + N_ALL_OFFSETS + N_LONG)
#define BUF_LEN		(200003 + OFFSETS)

enum test_ctx { CTX_PROCESS, CTX_TIMER, CTX_TASKLET, CTX_HARDIRQ, CTX_INTERRUPTED, NR_CTX };

static const char * const ctx_name[NR_CTX] = {
	[CTX_PROCESS] = "process",
	[CTX_TIMER] = "softirq (timer)",
	[CTX_TASKLET] = "softirq (tasklet)",
	[CTX_HARDIRQ] = "hardirq (irq_work)",
	[CTX_INTERRUPTED] = "process, interrupted by hardirq (hrtimer)",
};

/* The state of the context under test; callbacks run one at a time. */
struct ctx_run {
	enum test_ctx ctx;
	unsigned int next;		/* next case */
	unsigned long vmx_bytes;	/* bytes given to the driver */
	unsigned long long_bytes;	/* of those, in pieces >= LONG_PIECE */
	unsigned int checked;		/* cases checked */
	unsigned int mismatches;
	int err;
	struct completion done;
};

static char *driver = "crc32c-vmx";
module_param(driver, charp, 0444);
MODULE_PARM_DESC(driver, "the driver under test (default crc32c-vmx)");

static char *reference = CRC_VMX_TEST_REF_DRIVER;
module_param(reference, charp, 0444);
MODULE_PARM_DESC(reference, "the driver it must equal (default " CRC_VMX_TEST_REF_DRIVER ")");

static struct crypto_shash *vmx_tfm, *ref_tfm;
static unsigned int digest_len;
static u8 *buf;
static struct ctx_run run;
static unsigned int reports;

/* The hrtimer of the last phase (runs on the CPU of the process side). */
static struct {
	struct hrtimer timer;
	bool stop;
	bool in_vmx_call;	/* the process side is inside the driver */
	unsigned int calls;
	unsigned int overlaps;	/* calls that interrupted a call of the driver */
	unsigned int mismatches;
	unsigned long bytes;
	int err;
} hrt;

static int result = -EINPROGRESS;
module_param(result, int, 0444);
MODULE_PARM_DESC(result, "0 if the driver matched the reference driver everywhere, else -errno");

static unsigned long interrupt_bytes;
module_param(interrupt_bytes, ulong, 0444);
MODULE_PARM_DESC(interrupt_bytes, "bytes hashed by the driver in softirq and hardirq context");

static unsigned long process_long_bytes;
module_param(process_long_bytes, ulong, 0444);
MODULE_PARM_DESC(process_long_bytes,
		 "bytes hashed by the driver in process context in pieces of 4 KiB or more");

static unsigned long process_bytes;
module_param(process_bytes, ulong, 0444);
MODULE_PARM_DESC(process_bytes, "bytes hashed by the driver in process context");

static int kthread_result = -EINPROGRESS;
module_param(kthread_result, int, 0444);
MODULE_PARM_DESC(kthread_result, "0 if the driver matched the reference driver in the kernel-thread run, else -errno");

static unsigned int kthread_len;
static unsigned long kthread_bytes;
module_param(kthread_bytes, ulong, 0444);
MODULE_PARM_DESC(kthread_bytes, "bytes hashed by the driver in the kernel-thread run");

static char *section_probes[MAX_PROBES];
static int n_section_probes;
module_param_array(section_probes, charp, &n_section_probes, 0444);
MODULE_PARM_DESC(section_probes,
		 "the driver's core functions, called once per vector section with its length as third argument: the kernel-thread run records the sections");

/* "LEN,LEN,...": the sections of each message of the kernel-thread run. */
static char kthread_sections[MAX_SECTIONS * 8];
module_param_string(kthread_sections, kthread_sections, sizeof(kthread_sections), 0444);
MODULE_PARM_DESC(kthread_sections, "the lengths of the vector sections of each message of the kernel-thread run");

/* The sections the kprobes saw the worker open for its current message. */
static struct {
	struct task_struct *task;	/* the worker: other callers are not counted */
	unsigned int n;
	size_t len[MAX_SECTIONS];
} sections;

static unsigned int cases;
module_param(cases, uint, 0444);
MODULE_PARM_DESC(cases, "cases checked in each of the process, timer, tasklet and irq_work runs");

/* Case i: its length and buffer offset. */
static void case_at(unsigned int i, u32 *len, u32 *off)
{
	if (i < N_SHORT) {
		*len = i;
		*off = (i * 7) % OFFSETS;
		return;
	}
	i -= N_SHORT;
	if (i < N_ALL_OFFSETS) {
		*len = i / OFFSETS;
		*off = i % OFFSETS;
		return;
	}
	i -= N_ALL_OFFSETS;
	*len = long_lengths[i / ARRAY_SIZE(long_offsets)];
	*off = long_offsets[i % ARRAY_SIZE(long_offsets)];
}

static void count_vmx(struct ctx_run *r, u32 len)
{
	r->vmx_bytes += len;
	if (len >= LONG_PIECE)
		r->long_bytes += len;
}

static int one_shot(struct crypto_shash *tfm, const u8 *p, u32 len, u8 *out)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	int err;

	desc->tfm = tfm;
	err = crypto_shash_digest(desc, p, len, out);
	shash_desc_zero(desc);
	return err;
}

/* init, update with the first third, update with the rest, final */
static int in_two_updates(struct crypto_shash *tfm, const u8 *p, u32 len, u8 *out)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	u32 first = len / 3;
	int err;

	desc->tfm = tfm;
	err = crypto_shash_init(desc);
	if (!err)
		err = crypto_shash_update(desc, p, first);
	if (!err)
		err = crypto_shash_update(desc, p + first, len - first);
	if (!err)
		err = crypto_shash_final(desc, out);
	shash_desc_zero(desc);
	return err;
}

/* Compares the digests; reports the first MAX_REPORTS mismatches. */
static bool mismatch(const char *ctx, const char *how, u32 len, u32 off, const u8 *want,
		     const u8 *got)
{
	if (!memcmp(want, got, digest_len))
		return false;
	if (reports++ < MAX_REPORTS)
		pr_err("MISMATCH driver=%s context=%s %s len=%u offset=%u expected=%*phN got=%*phN\n",
		       driver, ctx, how, len, off, digest_len, want, digest_len, got);
	return true;
}

/* A call of the driver leaves its caller's preemption count and page-fault depth as they were. */
static int state_kept(const char *ctx, u32 len, int preempt, int pagefault)
{
	if (preempt_count() == preempt && pagefault_disabled() == pagefault)
		return 0;
	pr_err("context=%s len=%u: %s returned with preempt_count 0x%x, pagefault_disabled %d; called with 0x%x, %d\n",
	       ctx, len, driver, preempt_count(), pagefault_disabled(), preempt, pagefault);
	return -EPROTO;
}

static int check_case(struct ctx_run *r, unsigned int i)
{
	int preempt = preempt_count(), pagefault = pagefault_disabled();
	u8 want[MAX_DIGEST], got[MAX_DIGEST];
	u32 len, off;
	const u8 *p;
	int err;

	case_at(i, &len, &off);
	r->checked++;
	p = buf + off;
	err = one_shot(ref_tfm, p, len, want);
	if (err)
		return err;
	WRITE_ONCE(hrt.in_vmx_call, true);
	err = one_shot(vmx_tfm, p, len, got);
	WRITE_ONCE(hrt.in_vmx_call, false);
	if (!err)
		err = state_kept(ctx_name[r->ctx], len, preempt, pagefault);
	if (err)
		return err;
	count_vmx(r, len);
	if (mismatch(ctx_name[r->ctx], "digest", len, off, want, got))
		r->mismatches++;
	if (i % 3 != 1)
		return 0;
	WRITE_ONCE(hrt.in_vmx_call, true);
	err = in_two_updates(vmx_tfm, p, len, got);
	WRITE_ONCE(hrt.in_vmx_call, false);
	if (!err)
		err = state_kept(ctx_name[r->ctx], len, preempt, pagefault);
	if (err)
		return err;
	count_vmx(r, len / 3);
	count_vmx(r, len - len / 3);
	if (mismatch(ctx_name[r->ctx], "init+update+update+final", len, off, want, got))
		r->mismatches++;
	return 0;
}

/* Run cases until about BATCH_BYTES have been hashed (or all are done). */
static void run_batch(struct ctx_run *r)
{
	unsigned long start = r->vmx_bytes;
	int err;

	while (r->next < N_CASES && r->vmx_bytes - start < BATCH_BYTES) {
		err = check_case(r, r->next);
		if (err) {
			pr_err("context=%s case %u: error %d\n", ctx_name[r->ctx], r->next, err);
			r->err = err;
			return;
		}
		r->next++;
	}
}

static void interrupt_batch(bool right_context)
{
	if (!right_context) {
		pr_err("the %s callback ran in the wrong context (preempt_count 0x%x)\n",
		       ctx_name[run.ctx], preempt_count());
		run.err = -EPROTO;
	} else {
		run_batch(&run);
	}
	complete(&run.done);
}

static void ctx_timer_fn(struct timer_list *t)
{
	interrupt_batch(in_serving_softirq() && !in_hardirq());
}

static void ctx_tasklet_fn(struct tasklet_struct *t)
{
	interrupt_batch(in_serving_softirq() && !in_hardirq());
}

static void ctx_irq_work_fn(struct irq_work *w)
{
	interrupt_batch(in_hardirq());
}

/* Lengths from 64 up, so that a wrong driver would take its vector path. */
static enum hrtimer_restart hrt_fn(struct hrtimer *t)
{
	u32 len = 64 + (hrt.calls * 37) % 1024, off = hrt.calls % OFFSETS;
	u8 want[MAX_DIGEST], got[MAX_DIGEST];
	int err;

	if (!in_hardirq()) {
		pr_err("the hrtimer callback ran in the wrong context (preempt_count 0x%x)\n",
		       preempt_count());
		hrt.err = -EPROTO;
		return HRTIMER_NORESTART;
	}
	if (READ_ONCE(hrt.in_vmx_call))
		hrt.overlaps++;
	hrt.calls++;
	err = one_shot(ref_tfm, buf + off, len, want);
	if (!err)
		err = one_shot(vmx_tfm, buf + off, len, got);
	if (err) {
		pr_err("hrtimer: crypto API error %d\n", err);
		hrt.err = err;
		return HRTIMER_NORESTART;
	}
	hrt.bytes += len;
	if (mismatch("hardirq (hrtimer)", "digest", len, off, want, got))
		hrt.mismatches++;
	if (READ_ONCE(hrt.stop))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ns_to_ktime(HRTIMER_PERIOD_NS));
	return HRTIMER_RESTART;
}

static DEFINE_TIMER(ctx_timer, ctx_timer_fn);
static DECLARE_TASKLET(ctx_tasklet, ctx_tasklet_fn);
static struct irq_work ctx_irq_work = IRQ_WORK_INIT_HARD(ctx_irq_work_fn);

static void stop_callbacks(void)
{
	timer_delete_sync(&ctx_timer);
	tasklet_kill(&ctx_tasklet);
	irq_work_sync(&ctx_irq_work);
}

/* Every case, in batches, in process context. */
static void run_process(void)
{
	while (run.next < N_CASES && !run.err) {
		run_batch(&run);
		cond_resched();
	}
}

/* Every case, one batch per run of the context's callback. */
static void run_from_callbacks(void)
{
	while (run.next < N_CASES && !run.err) {
		reinit_completion(&run.done);
		switch (run.ctx) {
		case CTX_TIMER:
			mod_timer(&ctx_timer, jiffies);
			break;
		case CTX_TASKLET:
			tasklet_schedule(&ctx_tasklet);
			break;
		default:
			irq_work_queue(&ctx_irq_work);
			break;
		}
		if (!wait_for_completion_timeout(&run.done, CTX_TIMEOUT)) {
			pr_err("context=%s: callback did not run within %d s\n",
			       ctx_name[run.ctx], CTX_TIMEOUT / HZ);
			stop_callbacks();
			run.err = -ETIMEDOUT;
		}
	}
}

/*
 * The long cases in process context, over and over, while the hrtimer fires
 * on this CPU, until enough hrtimer calls have interrupted a call of the driver.
 */
static void run_interrupted(void)
{
	unsigned long deadline = jiffies + OVERLAP_TIMEOUT;
	unsigned int passes = 0;

	memset(&hrt, 0, sizeof(hrt));
	migrate_disable();
	crc_vmx_test_hrtimer_setup(&hrt.timer, hrt_fn, CLOCK_MONOTONIC,
				   HRTIMER_MODE_REL_PINNED_HARD);
	hrtimer_start(&hrt.timer, ns_to_ktime(HRTIMER_PERIOD_NS), HRTIMER_MODE_REL_PINNED_HARD);
	do {
		for (run.next = N_SHORT + N_ALL_OFFSETS; run.next < N_CASES && !run.err;
		     run.next++)
			run.err = check_case(&run, run.next);
		passes++;
		cond_resched();
	} while (!run.err && !READ_ONCE(hrt.err) && READ_ONCE(hrt.overlaps) < MIN_OVERLAPS &&
		 time_before(jiffies, deadline));
	WRITE_ONCE(hrt.stop, true);
	hrtimer_cancel(&hrt.timer);
	migrate_enable();

	pr_info("context=%s: %u passes over the long cases; hrtimer: %u calls, %lu bytes, %u during a %s call, %u mismatches\n",
		ctx_name[run.ctx], passes, hrt.calls, hrt.bytes, hrt.overlaps, driver,
		hrt.mismatches);
	run.mismatches += hrt.mismatches;
	interrupt_bytes += hrt.bytes;
	if (!run.err)
		run.err = hrt.err;
	if (!run.err && !hrt.overlaps) {
		pr_err("context=%s: no hrtimer interrupt arrived during a %s call\n",
		       ctx_name[run.ctx], driver);
		run.err = -EAGAIN;
	}
}

static int run_context(enum test_ctx ctx)
{
	memset(&run, 0, sizeof(run));
	run.ctx = ctx;
	init_completion(&run.done);

	switch (ctx) {
	case CTX_PROCESS:
		if (in_interrupt()) {
			pr_err("module init is not in process context\n");
			return -EPROTO;
		}
		run_process();
		break;
	case CTX_INTERRUPTED:
		run_interrupted();
		break;
	default:
		run_from_callbacks();
		break;
	}
	pr_info("context=%s: %u cases checked, %lu bytes to %s, %u mismatches\n",
		ctx_name[ctx], run.checked, run.vmx_bytes, driver, run.mismatches);
	if (ctx == CTX_PROCESS || ctx == CTX_INTERRUPTED) {
		process_bytes += run.vmx_bytes;
		process_long_bytes += run.long_bytes;
	} else {
		interrupt_bytes += run.vmx_bytes;
	}
	if (run.err)
		return run.err;
	return run.mismatches ? -EBADMSG : 0;
}

static struct crypto_shash *alloc_driver(const char *driver)
{
	struct crypto_shash *tfm = crypto_alloc_shash(driver, 0, 0);
	const char *got;

	if (IS_ERR(tfm)) {
		pr_err("cannot allocate %s: %ld\n", driver, PTR_ERR(tfm));
		return tfm;
	}
	got = crypto_tfm_alg_driver_name(crypto_shash_tfm(tfm));
	if (strcmp(got, driver)) {
		pr_err("asked for %s, got %s\n", driver, got);
		crypto_free_shash(tfm);
		return ERR_PTR(-ENOENT);
	}
	return tfm;
}

/* Runs at the entry of a core function, inside the caller's vector section. */
static int section_entered(struct kprobe *kp, struct pt_regs *regs)
{
	if (current != READ_ONCE(sections.task))
		return 0;
	if (sections.n < MAX_SECTIONS)
		sections.len[sections.n] = regs->gpr[5];
	sections.n++;
	return 0;
}

static int probe_sections(struct kprobe *kps)
{
	int i, err;

	for (i = 0; i < n_section_probes; i++) {
		kps[i].symbol_name = section_probes[i];
		kps[i].pre_handler = section_entered;
		err = register_kprobe(&kps[i]);
		if (err) {
			pr_err("cannot put a kprobe on %s: %d\n", section_probes[i], err);
			while (i--)
				unregister_kprobe(&kps[i]);
			return err;
		}
	}
	WRITE_ONCE(sections.task, current);
	return 0;
}

static void unprobe_sections(struct kprobe *kps)
{
	int i;

	WRITE_ONCE(sections.task, NULL);
	for (i = 0; i < n_section_probes; i++)
		unregister_kprobe(&kps[i]);
}

/*
 * The sections of message i, which must be cut as message 0 was (the cut
 * depends on the length only): message 0's go to kthread_sections.
 */
static int check_sections(unsigned int i, u32 off)
{
	static size_t first[MAX_SECTIONS];
	static unsigned int n_first;
	char *out = kthread_sections;
	unsigned int k;

	if (sections.n > MAX_SECTIONS) {
		pr_err("context=kernel thread len=%u offset=%u: %u sections, more than %u\n",
		       kthread_len, off, sections.n, MAX_SECTIONS);
		return -E2BIG;
	}
	if (!i) {
		n_first = sections.n;
		memcpy(first, sections.len, sizeof(first));
		for (k = 0; k < n_first; k++)
			out += scnprintf(out, kthread_sections + sizeof(kthread_sections) - out,
					 "%s%zu", k ? "," : "", first[k]);
		return 0;
	}
	if (sections.n != n_first || memcmp(first, sections.len, n_first * sizeof(first[0]))) {
		pr_err("context=kernel thread len=%u offset=%u: cut into %u sections, not as offset 0 (%s)\n",
		       kthread_len, off, sections.n, kthread_sections);
		return -EPROTO;
	}
	return 0;
}

/* The kernel-thread run: a workqueue worker hashes KTHREAD_CALLS messages. */
static void kthread_work_fn(struct work_struct *work)
{
	struct kprobe kps[MAX_PROBES] = {};
	u8 want[MAX_DIGEST], got[MAX_DIGEST];
	struct crypto_shash *vmx, *ref;
	bool probed = false;
	unsigned int i;
	u32 off;
	u8 *p;
	int err = 0;

	if (!(current->flags & PF_KTHREAD)) {
		pr_err("context=kernel thread: the work item runs in a user task\n");
		kthread_result = -EPROTO;
		return;
	}
	p = kmalloc(kthread_len + OFFSETS, GFP_KERNEL);
	vmx = alloc_driver(driver);
	ref = alloc_driver(reference);
	if (!p || IS_ERR(vmx) || IS_ERR(ref)) {
		err = !p ? -ENOMEM : IS_ERR(vmx) ? PTR_ERR(vmx) : PTR_ERR(ref);
		goto out;
	}
	for (i = 0; i < kthread_len + OFFSETS; i++)
		p[i] = i * 37 + 11;
	err = probe_sections(kps);
	probed = !err;
	for (i = 0; i < KTHREAD_CALLS && !err; i++) {
		off = i % OFFSETS;
		err = one_shot(ref, p + off, kthread_len, want);
		sections.n = 0;
		if (!err)
			err = one_shot(vmx, p + off, kthread_len, got);
		if (err)
			break;
		kthread_bytes += kthread_len;
		if (mismatch("kernel thread", "digest", kthread_len, off, want, got))
			err = -EBADMSG;
		else if (n_section_probes)
			err = check_sections(i, off);
	}
	if (probed)
		unprobe_sections(kps);
out:
	if (!IS_ERR_OR_NULL(ref))
		crypto_free_shash(ref);
	if (!IS_ERR_OR_NULL(vmx))
		crypto_free_shash(vmx);
	kfree(p);
	kthread_result = err;
}

static DECLARE_WORK(kthread_work, kthread_work_fn);

static int kthread_run_set(const char *val, const struct kernel_param *kp)
{
	unsigned int len;

	kthread_result = -EINPROGRESS;
	kthread_bytes = 0;
	kthread_sections[0] = '\0';
	if (kstrtouint(val, 0, &len) || !len || len > KTHREAD_MAX_LEN) {
		kthread_result = -EINVAL;
		return -EINVAL;
	}
	kthread_len = len;
	queue_work(CRC_VMX_TEST_UNBOUND_WQ, &kthread_work);
	flush_work(&kthread_work);
	return 0;
}

static const struct kernel_param_ops kthread_run_ops = {
	.set = kthread_run_set,
};

module_param_cb(kthread_run, &kthread_run_ops, NULL, 0200);
MODULE_PARM_DESC(kthread_run, "write a length (1.." __stringify(KTHREAD_MAX_LEN)
		 "): hash messages of it from a kernel thread (results in kthread_result, kthread_bytes, kthread_sections)");

static int __init crc32c_vmx_ctx_init(void)
{
	u32 x = 0x2545f491;
	int ctx, err = 0;
	size_t i;

	vmx_tfm = alloc_driver(driver);
	if (IS_ERR(vmx_tfm))
		return PTR_ERR(vmx_tfm);
	ref_tfm = alloc_driver(reference);
	if (IS_ERR(ref_tfm)) {
		err = PTR_ERR(ref_tfm);
		goto free_vmx;
	}
	digest_len = crypto_shash_digestsize(vmx_tfm);
	if (digest_len != crypto_shash_digestsize(ref_tfm) || digest_len > MAX_DIGEST) {
		pr_err("%s has a %u-byte digest, %s a %u-byte one: they cannot be compared\n",
		       driver, digest_len, reference, crypto_shash_digestsize(ref_tfm));
		err = -EINVAL;
		goto free_ref;
	}
	buf = kmalloc(BUF_LEN, GFP_KERNEL);
	if (!buf) {
		err = -ENOMEM;
		goto free_ref;
	}
	for (i = 0; i < BUF_LEN; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		buf[i] = x >> 24;
	}

	/* Every context runs even after a failure, for the byte counts. */
	cases = N_CASES;
	result = 0;
	for (ctx = 0; ctx < NR_CTX; ctx++) {
		int ret = run_context(ctx);

		if (ret && !result)
			result = ret;
	}
	stop_callbacks();
	if (!result)
		pr_info("%s matched %s in every context (%u cases each)\n",
			driver, reference, cases);
	else
		pr_err("FAILED: result %d\n", result);

	kfree(buf);
free_ref:
	crypto_free_shash(ref_tfm);
free_vmx:
	crypto_free_shash(vmx_tfm);
	return err;
}

static void __exit crc32c_vmx_ctx_exit(void)
{
}

module_init(crc32c_vmx_ctx_init);
module_exit(crc32c_vmx_ctx_exit);

MODULE_DESCRIPTION("Test a CRC driver (crc32c-vmx unless told) from process, softirq and hardirq context");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
