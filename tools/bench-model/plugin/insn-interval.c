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
 *            lxvp=<count> xxeval=<count> prefixed=<count> sites=<m>
 *
 * (one line; the fields after vpmsumd were added later, at the end, so that
 * parsers of the older line keep working). insns counts the instructions
 * strictly between the two markers, mtmsr how many of them were
 * mtmsr/mtmsrd (the MSR writes that instruction counts cannot price),
 * vpmsumd how many were vpmsumd (proof that a vector CRC really ran,
 * whatever its own counters say), lxvp and xxeval the two ISA 3.1
 * instructions of the POWER10 CRC loop, prefixed every ISA 3.1 prefixed
 * (8-byte) instruction, xxeval included. Intervals of one vCPU are numbered
 * from 0 in execution order; the guest logs what it measured in the same
 * order.
 *
 * With sites=1 the interval line is followed by its m site lines, where
 * those instructions ran: one per distinct guest virtual address (PC) and
 * kind, with how often it executed in the interval,
 *
 *   site vcpu=<n> seq=<k> kind=<mtmsr|vpmsumd|lxvp|xxeval|prefixed>
 *        pc=0x<hex> n=<count>
 *
 * kind is the instruction's one histogram kind (an xxeval is "xxeval", not
 * also "prefixed"; "prefixed" is any other prefixed instruction), so the
 * site counts of a kind add up to the interval's field of that name (for
 * prefixed: prefixed - xxeval). The host maps the PCs to the kernel and its
 * modules (tools/vm/execution-lane.sh).
 *
 * Counting: translation blocks without a marker get one execution callback
 * that adds the block's instruction counts when the vCPU is inside an
 * interval (with sites=1, blocks holding a counted instruction also add
 * its PC to the interval's histogram); blocks with a marker get a callback
 * per instruction, so the interval starts and ends exactly at the markers.
 * A block that raises an exception part-way would be over-counted; the
 * benchmark runs with interrupts hard-disabled and repeats every
 * measurement to show the counts are stable.
 *
 * Arguments (-plugin file=insn-interval.so,arg=value,...):
 *   out=FILE     write the intervals to FILE (default: QEMU's plugin log)
 *   begin=IMM    BEGIN immediate (default 0xb501)
 *   end=IMM      END immediate (default 0xb502)
 *   sites=0|1    also write the site lines (default 0)
 *   trace=FILE   also write, for every interval, the instruction words it
 *                executed in order, one line per interval:
 *                  trace vcpu=<n> seq=<k> words=<hex> <hex> ...
 *                (at most TRACE_MAX words; longer intervals are marked
 *                "truncated"; a prefixed instruction is written as 0).
 *                Every instruction then gets its own callback: meant for
 *                short user-mode runs (the short-call cycle model,
 *                tools/bench-model/short-call.sh).
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
/* First size of a vCPU's site table (a power of two) */
#define SITES_MIN		1024

enum insn_mark { PLAIN, BEGIN, END };

/* The counters of an interval; kind bit i of an instruction counts in i. */
enum counter { C_INSNS, C_MTMSR, C_VPMSUMD, C_LXVP, C_XXEVAL, C_PREFIXED, N_COUNTERS };
#define K(c)		(1u << (c))

/* The histogram kind of an instruction (enum counter), or 0 for none. */
static const char *const site_name[N_COUNTERS] = {
	[C_MTMSR] = "mtmsr", [C_VPMSUMD] = "vpmsumd", [C_LXVP] = "lxvp",
	[C_XXEVAL] = "xxeval", [C_PREFIXED] = "prefixed",
};

struct site_entry {
	uint64_t pc;
	uint64_t n;		/* 0: the slot is free */
	unsigned int kind;
};

struct vcpu_state {
	uint64_t count[N_COUNTERS];
	uint64_t seq;
	int active;
	struct site_entry *sites;	/* open addressing, sites_cap slots */
	size_t sites_cap, n_sites;
	uint64_t sites_lost;		/* executions a full table could not take */
	uint32_t *trace;	/* trace mode: the interval's words so far */
	size_t n_trace;
};

/* One instruction of a block that gets per-instruction callbacks. */
struct insn_info {
	uint64_t pc;
	uint32_t word;
	unsigned int mark;	/* enum insn_mark */
	unsigned int kinds;	/* K(counter) bits, C_INSNS not included */
	unsigned int site;	/* histogram kind or 0 */
};

/* A block without markers that holds counted instructions (sites=1). */
struct tb_info {
	uint64_t count[N_COUNTERS];
	size_t n;
	struct {
		uint64_t pc;
		unsigned int kind;
	} site[];
};

static struct vcpu_state *vcpus;
static unsigned int n_vcpus;
static uint32_t mark_begin, mark_end;
static int want_sites;
static FILE *out, *trace_out;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t n_intervals, n_orphan_ends, n_nested_begins, n_bad_vcpu, n_no_memory;

static void emit_locked(const char *line)
{
	if (out)
		fputs(line, out);
	else
		qemu_plugin_outs(line);
}

static void emit(const char *line)
{
	pthread_mutex_lock(&out_lock);
	emit_locked(line);
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

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

/* Guest instruction word (little-endian) of insn, or 0 if not 4 bytes. */
static uint32_t insn_word(const struct qemu_plugin_insn *insn)
{
	if (qemu_plugin_insn_size(insn) != 4)
		return 0;
	return le32(qemu_plugin_insn_data(insn));
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

/* lxvp (DQ-form, primary opcode 6, low nibble 0; 1 is stxvp). */
static int is_lxvp(uint32_t w)
{
	return (w & 0xfc00000fu) == 0x18000000u;
}

/* A prefix word: primary opcode 1 (ISA 3.1; reserved before it). */
static int is_prefix(uint32_t w)
{
	return (w & 0xfc000000u) == 0x04000000u;
}

/*
 * xxeval: an 8RR prefix (type 01, bits 8..11 zero) and an XX4-form suffix
 * with primary opcode 34 and XO (bits 26..27) 01.
 */
static int is_xxeval(uint32_t prefix, uint32_t suffix)
{
	return (prefix & 0xfff00000u) == 0x05000000u && (suffix & 0xfc000030u) == 0x88000010u;
}

/* The K() bits of an instruction and its histogram kind. */
static unsigned int classify(const struct qemu_plugin_insn *insn, unsigned int *site)
{
	const uint8_t *b = qemu_plugin_insn_data(insn);
	size_t size = qemu_plugin_insn_size(insn);
	uint32_t w;
	unsigned int k = 0;

	*site = 0;
	if (size < 4)
		return 0;
	w = le32(b);
	if (is_prefix(w)) {
		k = K(C_PREFIXED);
		*site = C_PREFIXED;
		if (size == 8 && is_xxeval(w, le32(b + 4))) {
			k |= K(C_XXEVAL);
			*site = C_XXEVAL;
		}
		return k;
	}
	if (size != 4)
		return 0;
	if (is_mtmsr(w))
		*site = C_MTMSR;
	else if (is_vpmsumd(w))
		*site = C_VPMSUMD;
	else if (is_lxvp(w))
		*site = C_LXVP;
	return *site ? K(*site) : 0;
}

/*
 * Per-block counts packed into a callback's udata: instructions in bits
 * 0..11, then 10 bits for each other counter (a block holds at most 512
 * instructions).
 */
#define PACK_SHIFT(c)	((c) ? 12 + 10 * ((c) - 1) : 0)
#define PACK_MASK(c)	((c) ? 0x3ffu : 0xfffu)

static uintptr_t pack_tb(const uint64_t *count)
{
	uintptr_t p = 0;
	int c;

	for (c = 0; c < N_COUNTERS; c++)
		p |= (uintptr_t)count[c] << PACK_SHIFT(c);
	return p;
}

_Static_assert(sizeof(uintptr_t) >= 8, "insn-interval needs a 64-bit host");
_Static_assert(12 + 10 * (N_COUNTERS - 1) <= 64, "the packed block counts do not fit");

static enum insn_mark mark_of(uint32_t w)
{
	if (w == mark_begin)
		return BEGIN;
	if (w == mark_end)
		return END;
	return PLAIN;
}

static size_t site_slot(const struct site_entry *t, size_t cap, uint64_t pc, unsigned int kind)
{
	uint64_t h = ((pc >> 2) ^ ((uint64_t)kind << 59)) * 0x9e3779b97f4a7c15ull;
	size_t i = (size_t)(h >> 32) & (cap - 1);

	while (t[i].n && (t[i].pc != pc || t[i].kind != kind))
		i = (i + 1) & (cap - 1);
	return i;
}

/* Double s's site table (or make the first); 0 or -1 without memory. */
static int sites_grow(struct vcpu_state *s)
{
	size_t cap = s->sites_cap ? 2 * s->sites_cap : SITES_MIN, i;
	struct site_entry *t = calloc(cap, sizeof(*t));

	if (!t)
		return -1;
	for (i = 0; i < s->sites_cap; i++)
		if (s->sites[i].n)
			t[site_slot(t, cap, s->sites[i].pc, s->sites[i].kind)] = s->sites[i];
	free(s->sites);
	s->sites = t;
	s->sites_cap = cap;
	return 0;
}

static void site_add(struct vcpu_state *s, uint64_t pc, unsigned int kind)
{
	size_t i;

	if (2 * (s->n_sites + 1) > s->sites_cap && sites_grow(s)) {
		s->sites_lost++;
		__atomic_fetch_add(&n_no_memory, 1, __ATOMIC_RELAXED);
		return;
	}
	i = site_slot(s->sites, s->sites_cap, pc, kind);
	if (!s->sites[i].n) {
		s->sites[i].pc = pc;
		s->sites[i].kind = kind;
		s->n_sites++;
	}
	s->sites[i].n++;
}

/* A block without markers: udata packs its counts (pack_tb). */
static void tb_exec(unsigned int vcpu_index, void *udata)
{
	struct vcpu_state *s = vcpu(vcpu_index);
	uintptr_t packed = (uintptr_t)udata;
	int c;

	if (s && s->active)
		for (c = 0; c < N_COUNTERS; c++)
			s->count[c] += (packed >> PACK_SHIFT(c)) & PACK_MASK(c);
}

/* A block without markers whose counted instructions go to the sites. */
static void tb_exec_sites(unsigned int vcpu_index, void *udata)
{
	struct vcpu_state *s = vcpu(vcpu_index);
	const struct tb_info *tb = udata;
	size_t i;
	int c;

	if (!s || !s->active)
		return;
	for (c = 0; c < N_COUNTERS; c++)
		s->count[c] += tb->count[c];
	for (i = 0; i < tb->n; i++)
		site_add(s, tb->site[i].pc, tb->site[i].kind);
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

/* The interval line and (sites=1) its site lines; empties the site table. */
static void emit_interval(unsigned int index, struct vcpu_state *s)
{
	const uint64_t *n = s->count;
	char line[320];
	size_t i;

	snprintf(line, sizeof(line),
		 "interval vcpu=%u seq=%" PRIu64 " insns=%" PRIu64 " mtmsr=%" PRIu64
		 " vpmsumd=%" PRIu64 " lxvp=%" PRIu64 " xxeval=%" PRIu64 " prefixed=%" PRIu64,
		 index, s->seq, n[C_INSNS], n[C_MTMSR], n[C_VPMSUMD], n[C_LXVP], n[C_XXEVAL],
		 n[C_PREFIXED]);
	pthread_mutex_lock(&out_lock);
	emit_locked(line);
	if (want_sites) {
		snprintf(line, sizeof(line), " sites=%zu", s->n_sites);
		emit_locked(line);
		if (s->sites_lost) {
			/* Unparseable on purpose: the host must not trust the sites. */
			snprintf(line, sizeof(line), " sites-lost=%" PRIu64, s->sites_lost);
			emit_locked(line);
		}
	}
	emit_locked("\n");
	for (i = 0; i < s->sites_cap; i++) {
		const struct site_entry *e = &s->sites[i];

		if (!e->n)
			continue;
		snprintf(line, sizeof(line),
			 "site vcpu=%u seq=%" PRIu64 " kind=%s pc=0x%" PRIx64 " n=%" PRIu64 "\n",
			 index, s->seq, site_name[e->kind], e->pc, e->n);
		emit_locked(line);
	}
	pthread_mutex_unlock(&out_lock);
	if (s->sites_cap)
		memset(s->sites, 0, s->sites_cap * sizeof(*s->sites));
	s->n_sites = 0;
	s->sites_lost = 0;
}

/* One instruction of a block that holds a marker (every block in trace mode). */
static void insn_exec(unsigned int vcpu_index, void *udata)
{
	struct vcpu_state *s = vcpu(vcpu_index);
	const struct insn_info *in = udata;
	int c;

	if (!s)
		return;
	switch ((enum insn_mark)in->mark) {
	case BEGIN:
		if (s->active)
			__atomic_fetch_add(&n_nested_begins, 1, __ATOMIC_RELAXED);
		s->active = 1;
		memset(s->count, 0, sizeof(s->count));
		if (s->sites_cap)
			memset(s->sites, 0, s->sites_cap * sizeof(*s->sites));
		s->n_sites = 0;
		s->sites_lost = 0;
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
		__atomic_fetch_add(&n_intervals, 1, __ATOMIC_RELAXED);
		if (trace_out)
			emit_trace(vcpu_index, s);
		emit_interval(vcpu_index, s);
		s->seq++;
		break;
	default:
		if (s->active) {
			s->count[C_INSNS]++;
			for (c = 1; c < N_COUNTERS; c++)
				s->count[c] += (in->kinds >> c) & 1;
			if (want_sites && in->site)
				site_add(s, in->pc, in->site);
			if (s->trace && s->n_trace < TRACE_MAX)
				s->trace[s->n_trace] = in->word;
			s->n_trace++;
		}
		break;
	}
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	uint64_t count[N_COUNTERS] = { 0 };
	size_t n_sites = 0, i;
	struct tb_info *info;
	unsigned int site, k;
	int marked = 0, c;

	(void)id;
	count[C_INSNS] = n;
	for (i = 0; i < n; i++) {
		const struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

		marked |= mark_of(insn_word(insn)) != PLAIN;
		k = classify(insn, &site);
		for (c = 1; c < N_COUNTERS; c++)
			count[c] += (k >> c) & 1;
		n_sites += site != 0;
	}
	if (!marked && !trace_out) {
		if (!want_sites || !n_sites) {
			qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS,
							     (void *)pack_tb(count));
			return;
		}
		/* Kept for the life of the block (QEMU gives no free hook). */
		info = malloc(sizeof(*info) + n_sites * sizeof(info->site[0]));
		if (!info) {
			__atomic_fetch_add(&n_no_memory, 1, __ATOMIC_RELAXED);
			qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS,
							     (void *)pack_tb(count));
			return;
		}
		memcpy(info->count, count, sizeof(count));
		info->n = 0;
		for (i = 0; i < n; i++) {
			const struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

			classify(insn, &site);
			if (!site)
				continue;
			info->site[info->n].pc = qemu_plugin_insn_vaddr(insn);
			info->site[info->n].kind = site;
			info->n++;
		}
		qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec_sites, QEMU_PLUGIN_CB_NO_REGS,
						     info);
		return;
	}
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		struct insn_info *in = malloc(sizeof(*in));

		if (!in) {
			/* Counted as lost; the summary line then flags the run. */
			__atomic_fetch_add(&n_no_memory, 1, __ATOMIC_RELAXED);
			continue;
		}
		in->pc = qemu_plugin_insn_vaddr(insn);
		in->word = insn_word(insn);
		in->mark = mark_of(in->word);
		in->kinds = classify(insn, &in->site);
		qemu_plugin_register_vcpu_insn_exec_cb(insn, insn_exec, QEMU_PLUGIN_CB_NO_REGS, in);
	}
}

static void at_exit(qemu_plugin_id_t id, void *userdata)
{
	unsigned int unterminated = 0, i;
	char line[320];

	(void)id;
	(void)userdata;
	for (i = 0; i < n_vcpus; i++)
		unterminated += vcpus[i].active;
	snprintf(line, sizeof(line),
		 "# insn-interval: %" PRIu64 " intervals, %" PRIu64 " END without BEGIN, %" PRIu64
		 " BEGIN inside an interval, %u unterminated, %" PRIu64 " events of unknown vCPUs, %"
		 PRIu64 " allocations failed\n",
		 n_intervals, n_orphan_ends, n_nested_begins, unterminated, n_bad_vcpu,
		 n_no_memory);
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
		} else if (!strcmp(a, "sites=0") || !strcmp(a, "sites=1")) {
			want_sites = a[6] == '1';
		} else if (!strncmp(a, "begin=", 6)) {
			if (parse_imm(a + 6, &mark_begin))
				goto bad_imm;
		} else if (!strncmp(a, "end=", 4)) {
			if (parse_imm(a + 4, &mark_end))
				goto bad_imm;
		} else {
			fprintf(stderr,
				"insn-interval: unknown argument '%s' (out=, begin=, end=, sites=0|1, trace=)\n",
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
