// SPDX-License-Identifier: GPL-2.0-only
/*
 * insn-interval: a QEMU TCG plugin that counts the guest instructions each
 * vCPU executes between two marker instructions.
 *
 * The markers are `ori r0,r0,IMM` with two immediates that compilers do not
 * produce (the benchmark module and guest program emit them with r0
 * clobbered). The low byte of each immediate is 0..3, so the same four bytes
 * read in the other byte order are primary opcode 0, an illegal instruction:
 * big-endian firmware code can never look like a marker. Only little-endian
 * instruction words are matched.
 *
 * For every BEGIN ... END pair executed on one vCPU it writes one line:
 *
 *   interval vcpu=<n> seq=<k> insns=<count> mtmsr=<count> vpmsumd=<count>
 *
 * insns counts the instructions strictly between the two markers, mtmsr how
 * many of them were mtmsr/mtmsrd (the MSR writes that instruction counts
 * cannot price), vpmsumd how many were vpmsumd (proof that a vector CRC
 * really ran, whatever its own counters say). Intervals of one vCPU are numbered from 0 in execution
 * order; the guest logs what it measured in the same order.
 *
 * Counting: translation blocks without a marker get one execution callback
 * that adds the block's instruction count when the vCPU is inside an
 * interval; blocks with a marker get a callback per instruction, so the
 * interval starts and ends exactly at the markers. A block that raises an
 * exception part-way would be over-counted; the benchmark runs with
 * interrupts hard-disabled and repeats every measurement to show the counts
 * are stable.
 *
 * Arguments (-plugin file=insn-interval.so,arg=value,...):
 *   out=FILE     write the intervals to FILE (default: QEMU's plugin log)
 *   begin=IMM    BEGIN immediate (default 0xb501)
 *   end=IMM      END immediate (default 0xb502)
 *   trace=FILE   also write, for every interval, the instruction words it
 *                executed in order, one line per interval:
 *                  trace vcpu=<n> seq=<k> words=<hex> <hex> ...
 *                (at most TRACE_MAX words; longer intervals are marked
 *                "truncated"). Every instruction then gets its own
 *                callback: meant for short user-mode runs (the short-call
 *                cycle model, tools/bench-model/short-call.sh).
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-v1.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define ORI_R0_R0	0x60000000u	/* ori r0,r0,0 (the preferred nop) */
#define MARK_BEGIN_DEFAULT	0xb501u
#define MARK_END_DEFAULT	0xb502u
/* vCPU slots when QEMU does not say (user mode: one per guest thread) */
#define USER_MODE_VCPUS		1024
/* Instruction words kept per traced interval */
#define TRACE_MAX		65536

enum insn_kind { PLAIN, BEGIN, END };

/* Per-instruction udata packs the instruction word into bits 32..63. */
_Static_assert(sizeof(uintptr_t) >= 8, "insn-interval needs a 64-bit host");

struct vcpu_state {
	uint64_t insns;
	uint64_t mtmsr;
	uint64_t vpmsumd;
	uint64_t seq;
	int active;
	uint32_t *trace;	/* trace mode: the interval's words so far */
	size_t n_trace;
};

static struct vcpu_state *vcpus;
static unsigned int n_vcpus;
static uint32_t mark_begin, mark_end;
static FILE *out, *trace_out;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t n_intervals, n_orphan_ends, n_nested_begins, n_bad_vcpu;

static void emit(const char *line)
{
	pthread_mutex_lock(&out_lock);
	if (out)
		fputs(line, out);
	else
		qemu_plugin_outs(line);
	pthread_mutex_unlock(&out_lock);
}

static struct vcpu_state *vcpu(unsigned int index)
{
	if (index >= n_vcpus) {
		__atomic_fetch_add(&n_bad_vcpu, 1, __ATOMIC_RELAXED);
		return NULL;
	}
	return &vcpus[index];
}

/* Guest instruction word (little-endian) of insn, or 0 if not 4 bytes. */
static uint32_t insn_word(const struct qemu_plugin_insn *insn)
{
	const uint8_t *b = qemu_plugin_insn_data(insn);

	if (qemu_plugin_insn_size(insn) != 4)
		return 0;
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

/* mtmsr (X-form, XO 146) or mtmsrd (XO 178), any RS and L. */
static int is_mtmsr(uint32_t w)
{
	return (w & 0xfc0007feu) == 0x7c000124u || (w & 0xfc0007feu) == 0x7c000164u;
}

/* vpmsumd (VX-form, primary opcode 4, XO 1224), any registers. */
static int is_vpmsumd(uint32_t w)
{
	return (w & 0xfc0007ffu) == 0x100004c8u;
}

/*
 * Per-block counts packed into a callback's udata: instructions in bits
 * 0..23, MSR writes in 24..43, vpmsumd in 44..63 (a block holds at most a
 * few hundred instructions).
 */
#define PACK_TB(n, msr, pmsum)	((uintptr_t)(n) | (uintptr_t)(msr) << 24 | (uintptr_t)(pmsum) << 44)
#define TB_INSNS(p)		((p) & 0xffffffu)
#define TB_MTMSR(p)		(((p) >> 24) & 0xfffffu)
#define TB_VPMSUMD(p)		((p) >> 44)

static enum insn_kind kind_of(uint32_t w)
{
	if (w == mark_begin)
		return BEGIN;
	if (w == mark_end)
		return END;
	return PLAIN;
}

/* A block without markers: udata packs its counts (PACK_TB). */
static void tb_exec(unsigned int vcpu_index, void *udata)
{
	struct vcpu_state *s = vcpu(vcpu_index);
	uintptr_t packed = (uintptr_t)udata;

	if (s && s->active) {
		s->insns += TB_INSNS(packed);
		s->mtmsr += TB_MTMSR(packed);
		s->vpmsumd += TB_VPMSUMD(packed);
	}
}

/* Trace mode: the words of the interval that just ended on vCPU index. */
static void emit_trace(unsigned int index, const struct vcpu_state *s)
{
	size_t i, n = s->n_trace < TRACE_MAX ? s->n_trace : TRACE_MAX;

	pthread_mutex_lock(&out_lock);
	fprintf(trace_out, "trace vcpu=%u seq=%" PRIu64 " words=", index, s->seq);
	for (i = 0; i < n && s->trace; i++)
		fprintf(trace_out, i ? " %08x" : "%08x", s->trace[i]);
	fputs(s->n_trace > n || !s->trace ? " truncated\n" : "\n", trace_out);
	pthread_mutex_unlock(&out_lock);
}

/* One instruction of a block that holds a marker (every block in trace mode). */
static void insn_exec(unsigned int vcpu_index, void *udata)
{
	struct vcpu_state *s = vcpu(vcpu_index);
	uintptr_t packed = (uintptr_t)udata;
	char line[160];

	if (!s)
		return;
	switch ((enum insn_kind)(packed & 0xff)) {
	case BEGIN:
		if (s->active)
			__atomic_fetch_add(&n_nested_begins, 1, __ATOMIC_RELAXED);
		s->active = 1;
		s->insns = 0;
		s->mtmsr = 0;
		s->vpmsumd = 0;
		s->n_trace = 0;
		/* A vCPU whose buffer cannot be had writes "truncated" traces. */
		if (trace_out && !s->trace)
			s->trace = malloc(TRACE_MAX * sizeof(uint32_t));
		break;
	case END:
		if (!s->active) {
			__atomic_fetch_add(&n_orphan_ends, 1, __ATOMIC_RELAXED);
			break;
		}
		s->active = 0;
		snprintf(line, sizeof(line),
			 "interval vcpu=%u seq=%" PRIu64 " insns=%" PRIu64 " mtmsr=%" PRIu64
			 " vpmsumd=%" PRIu64 "\n",
			 vcpu_index, s->seq, s->insns, s->mtmsr, s->vpmsumd);
		__atomic_fetch_add(&n_intervals, 1, __ATOMIC_RELAXED);
		if (trace_out)
			emit_trace(vcpu_index, s);
		s->seq++;
		emit(line);
		break;
	default:
		if (s->active) {
			s->insns++;
			s->mtmsr += (packed >> 8) & 1;
			s->vpmsumd += (packed >> 9) & 1;
			if (s->trace && s->n_trace < TRACE_MAX)
				s->trace[s->n_trace] = (uint32_t)(packed >> 32);
			s->n_trace++;
		}
		break;
	}
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	uint64_t mtmsr = 0, pmsum = 0;
	int marked = 0;
	size_t i;

	(void)id;
	for (i = 0; i < n; i++) {
		uint32_t w = insn_word(qemu_plugin_tb_get_insn(tb, i));

		marked |= kind_of(w) != PLAIN;
		mtmsr += is_mtmsr(w);
		pmsum += is_vpmsumd(w);
	}
	if (!marked && !trace_out) {
		qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS,
						     (void *)PACK_TB(n, mtmsr, pmsum));
		return;
	}
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint32_t w = insn_word(insn);
		uintptr_t packed = (uintptr_t)kind_of(w) | (uintptr_t)is_mtmsr(w) << 8 |
				   (uintptr_t)is_vpmsumd(w) << 9 | (uintptr_t)w << 32;

		qemu_plugin_register_vcpu_insn_exec_cb(insn, insn_exec, QEMU_PLUGIN_CB_NO_REGS,
						       (void *)packed);
	}
}

static void at_exit(qemu_plugin_id_t id, void *userdata)
{
	unsigned int unterminated = 0, i;
	char line[256];

	(void)id;
	(void)userdata;
	for (i = 0; i < n_vcpus; i++)
		unterminated += vcpus[i].active;
	snprintf(line, sizeof(line),
		 "# insn-interval: %" PRIu64 " intervals, %" PRIu64 " END without BEGIN, %" PRIu64
		 " BEGIN inside an interval, %u unterminated, %" PRIu64 " events of unknown vCPUs\n",
		 n_intervals, n_orphan_ends, n_nested_begins, unterminated, n_bad_vcpu);
	emit(line);
	pthread_mutex_lock(&out_lock);
	if (out) {
		fclose(out);
		out = NULL;
	}
	if (trace_out) {
		fclose(trace_out);
		trace_out = NULL;
	}
	pthread_mutex_unlock(&out_lock);
}

/* "0xb501" or "46337": a 16-bit immediate with its low byte 0..3. */
static int parse_imm(const char *s, uint32_t *word)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || *end || v > 0xffff || (v & 0xff) > 3)
		return -1;
	*word = ORI_R0_R0 | (uint32_t)v;
	return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *path = NULL, *trace_path = NULL;
	int i;

	mark_begin = ORI_R0_R0 | MARK_BEGIN_DEFAULT;
	mark_end = ORI_R0_R0 | MARK_END_DEFAULT;
	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strncmp(a, "out=", 4)) {
			path = a + 4;
		} else if (!strncmp(a, "trace=", 6)) {
			trace_path = a + 6;
		} else if (!strncmp(a, "begin=", 6)) {
			if (parse_imm(a + 6, &mark_begin))
				goto bad_imm;
		} else if (!strncmp(a, "end=", 4)) {
			if (parse_imm(a + 4, &mark_end))
				goto bad_imm;
		} else {
			fprintf(stderr, "insn-interval: unknown argument '%s' (out=, begin=, end=, trace=)\n",
				a);
			return -1;
		}
	}
	if (mark_begin == mark_end) {
		fprintf(stderr, "insn-interval: begin and end markers must differ\n");
		return -1;
	}
	n_vcpus = info->system_emulation && info->system.max_vcpus > 0 ?
		  (unsigned int)info->system.max_vcpus : USER_MODE_VCPUS;
	vcpus = calloc(n_vcpus, sizeof(*vcpus));
	if (!vcpus)
		return -1;
	if (path) {
		out = fopen(path, "w");
		if (!out) {
			fprintf(stderr, "insn-interval: cannot write %s: %s\n", path,
				strerror(errno));
			return -1;
		}
		setvbuf(out, NULL, _IOLBF, 0);
	}
	if (trace_path) {
		trace_out = fopen(trace_path, "w");
		if (!trace_out) {
			fprintf(stderr, "insn-interval: cannot write %s: %s\n", trace_path,
				strerror(errno));
			return -1;
		}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;

bad_imm:
	fprintf(stderr, "insn-interval: a marker immediate is a 16-bit value whose low byte is 0..3\n");
	return -1;
}
